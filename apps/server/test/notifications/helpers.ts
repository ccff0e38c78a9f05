import type { NotificationPage } from '@app/contracts/talk';
import { expect } from 'vitest';
import { call, type Person, type TeamsApp } from '../teams/helpers';

export interface MessageBody {
  message: string;
  recipient: string;
  action?: string | null;
  type?: 'link';
}

export const sendMessage = (t: TeamsApp, from: Person, body: MessageBody) => call(t, 'POST', '/api/user/messages', from.headers, { type: 'link', action: null, ...body });

/** A direct message that must be accepted; its notification's id. */
export async function message(t: TeamsApp, from: Person, to: Person, text = `hello ${to.username}`, action: string | null = null): Promise<string> {
  const res = await sendMessage(t, from, { message: text, recipient: to.username, action });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

export async function notificationsOf(t: TeamsApp, who: Person, query = 'limit=100'): Promise<NotificationPage> {
  const res = await call(t, 'GET', `/api/user/notifications?${query}`, who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function readNotifications(t: TeamsApp, who: Person, ids?: string[]): Promise<number> {
  const res = await call(t, 'POST', '/api/user/notifications/read', who.headers, ids ? { ids } : {});
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { unread: number }).unread;
}

/** The ground truth: the user's notifications not read, counted in SQL. */
export async function unreadInSql(t: TeamsApp, username: string): Promise<number> {
  const [row] = await t.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.username = $1 AND n.read_at IS NULL`,
    [username],
  );
  return row!.n;
}

/** The last unread count the user's open pages were told (team_updates), or null when none was recorded. */
export async function lastUnreadUpdate(t: TeamsApp, username: string): Promise<number | null> {
  const [row] = await t.sql<{ unread: number }>(
    `SELECT (tu.data->>'unread')::int AS unread FROM team_updates tu JOIN users u ON u.id = tu.user_id
      WHERE u.username = $1 AND tu.kind = 'unread' ORDER BY tu.id DESC LIMIT 1`,
    [username],
  );
  return row?.unread ?? null;
}

export const unreadUpdates = async (t: TeamsApp, username: string): Promise<number> =>
  (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM team_updates tu JOIN users u ON u.id = tu.user_id WHERE u.username = $1 AND tu.kind = 'unread'`, [username]))[0]!.n;
