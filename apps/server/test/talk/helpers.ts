import pg from 'pg';
import { expect } from 'vitest';
import { call, type Person, type TeamsApp } from '../clips/helpers';

export * from '../clips/helpers';
export { channelId } from '../teams/helpers';

export interface UpdateRow {
  id: number;
  channel_id: number | null;
  user_id: number | null;
  kind: string;
  data: Record<string, unknown> & { _id?: string };
}

/** The newest team_updates id (0 for none): what a test reads the rows after. */
export async function lastUpdateId(t: TeamsApp): Promise<number> {
  const [row] = await t.sql<{ id: string | null }>(`SELECT max(id) AS id FROM team_updates`);
  return Number(row?.id ?? 0);
}

/** The team_updates rows after `after`, in order. */
export async function updatesAfter(t: TeamsApp, after: number): Promise<UpdateRow[]> {
  const rows = await t.sql<UpdateRow & { id: string }>(`SELECT id, channel_id, user_id, kind, data FROM team_updates WHERE id > $1 ORDER BY id`, [after]);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Resolves with the first team_updates row after `after` that `matches`, as the updates stream hears
 * it: NOTIFY team_update carries the id. Listening starts before the rows already there are read, so
 * none is missed. Call `stop` when done.
 */
export async function listenForUpdate(t: TeamsApp, after: number, matches: (row: UpdateRow) => boolean) {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  let found: (row: UpdateRow) => void = () => undefined;
  const update = new Promise<UpdateRow>((resolve) => (found = resolve));
  const check = async () => {
    const row = (await updatesAfter(t, after)).find(matches);
    if (row) found(row);
  };
  client.on('notification', () => void check());
  await client.query('LISTEN team_update');
  await check();
  return { update, stop: () => client.end() };
}

export const board = {
  list: (t: TeamsApp, who: Person | null, query = '') => call(t, 'GET', `/api/team/board${query}`, who?.headers ?? {}),
  post: (t: TeamsApp, who: Person | null, body: unknown) => call(t, 'POST', '/api/team/board', who?.headers ?? {}, body),
  thread: (t: TeamsApp, who: Person | null, id: string) => call(t, 'GET', `/api/team/board/${id}`, who?.headers ?? {}),
  reply: (t: TeamsApp, who: Person | null, id: string, message: unknown) => call(t, 'POST', `/api/team/board/${id}`, who?.headers ?? {}, { message }),
  remove: (t: TeamsApp, who: Person | null, id: string) => call(t, 'DELETE', `/api/team/board/${id}`, who?.headers ?? {}),
  removeReply: (t: TeamsApp, who: Person | null, id: string, replyId: string) => call(t, 'DELETE', `/api/team/board/${id}/${replyId}`, who?.headers ?? {}),
};

export const activity = (t: TeamsApp, who: Person | null, query = '') => call(t, 'GET', `/api/team/activity${query}`, who?.headers ?? {});

/** Posts a board message (201) and returns its id. */
export async function post(t: TeamsApp, who: Person, message: string, subject?: string): Promise<string> {
  const res = await board.post(t, who, { message, ...(subject !== undefined && { subject }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** A user's notifications (message and action), oldest first. */
export async function notificationsOf(t: TeamsApp, username: string): Promise<{ message: string; action: string | null; message_id: string | null }[]> {
  return t.sql(
    `SELECT n.message, n.action, n.message_id FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.username = $1 ORDER BY n.created_at, n.id`,
    [username],
  );
}

/** Every page of a paged list, following `next` until it is null. */
export async function allPages(fetch: (query: string) => Promise<{ statusCode: number; body: string; json(): unknown }>, limit: number) {
  const pages: { items: { _id: string; timestamp: number }[]; next: number | null }[] = [];
  let query = `?limit=${limit}`;
  for (;;) {
    const res = await fetch(query);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as (typeof pages)[number];
    pages.push(page);
    if (page.next === null) return pages;
    query = `?limit=${limit}&timestamp=${page.next}`;
  }
}
