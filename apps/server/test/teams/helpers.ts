import type { LightMyRequestResponse } from 'fastify';
import type { OutboxMail } from '../../src/modules/mail/outbox-store';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, decode, signUp } from '../identity/helpers';

export const PUBLIC_URL = 'https://teams.example.com';
export const OTHER_HOST = 'eagles.test';

export interface TeamsApp extends TestApp {
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** Mails to `to`, newest first. Invites are sent before the answer, so nothing is pending. */
  sent(to: string): Promise<OutboxMail[]>;
}

/** The real app with a second tenant `eagles` reached at eagles.test. */
export async function teamsApp(
  env: Record<string, string> = {},
  overrides: Parameters<typeof createTestApp>[1] = {},
  buildOptions: Parameters<typeof createTestApp>[2] = {},
): Promise<TeamsApp> {
  const t = await createTestApp({
    AUTH_RATE_LIMIT: '1000',
    MAIL_RATE_LIMIT: '1000',
    PUBLIC_URL,
    TENANTS: `demo=localhost,eagles=${OTHER_HOST}`,
    ...env,
  }, overrides, buildOptions);
  return Object.assign(t, {
    async sql<T>(text: string, values: unknown[] = []) {
      return (await t.runtime.db.$client.query(text, values)).rows as T[];
    },
    sent: async (to: string) => (await t.runtime.mail.outbox!.list({ to })).filter((m): m is OutboxMail => m.channel === 'mail'),
  });
}

export interface Person {
  username: string;
  email: string;
  /** Authorization (and Host, for the other tenant) headers. */
  headers: Record<string, string>;
  identityUserId: number;
}

export interface PersonOptions {
  type?: 'team' | 'athlete' | 'fan';
  email?: string;
  firstname?: string;
  lastname?: string;
  /** false: an identity account without a product record. */
  register?: boolean;
  /** Marks the identity e-mail confirmed (what a magic link or code sign-in does). */
  confirmed?: boolean;
  /** The other tenant, through its host. */
  other?: boolean;
}

/** Signs up through the identity API and registers through `POST /api/user/me`. */
export async function person(t: TeamsApp, username: string, options: PersonOptions = {}): Promise<Person> {
  const email = options.email ?? `${username}@example.com`;
  const res = options.other ? await signUp(t, { email, username }, 'eagles', OTHER_HOST) : await signUp(t, { email, username });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const access = res.json().tokens.access.value as string;
  const headers = { ...bearer(access), ...(options.other && { host: OTHER_HOST }) };
  const identityUserId = decode(access).userId as number;
  if (options.register !== false) {
    const body = { username, type: options.type ?? 'athlete', firstname: options.firstname, lastname: options.lastname };
    const reg = await t.app.inject({ method: 'POST', url: '/api/user/me', headers, payload: body });
    if (reg.statusCode !== 200) throw new Error(`registration failed: ${reg.body}`);
  }
  if (options.confirmed) await t.sql(`UPDATE identity_users SET is_email_confirmed = true, confirmed_email_at = now() WHERE id = $1`, [identityUserId]);
  return { username, email, headers, identityUserId };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(t: TeamsApp, method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as object }) });
}

/** A coach with a registered team account and a `main` channel named `team`. */
export async function coach(t: TeamsApp, username: string, team: string, options: PersonOptions = {}): Promise<Person> {
  const p = await person(t, username, { type: 'team', firstname: 'Casey', lastname: 'Coach', ...options });
  const res = await call(t, 'POST', '/api/user/channels', p.headers, { channel: 'main', description: team });
  if (res.statusCode !== 201) throw new Error(`channel failed: ${res.body}`);
  return p;
}

export const invite = (t: TeamsApp, by: Person, member: unknown, owner = by.username, channel = 'main') =>
  call(t, 'PUT', `/api/channel/${owner}/${channel}/invites`, by.headers, { member });

/** The token of the newest invitation link mailed to `to`. */
export async function inviteToken(t: TeamsApp, to: string): Promise<string> {
  const [mail] = await t.sent(to);
  const match = new RegExp(`${PUBLIC_URL}/join/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation link in ${mail?.text}`);
  return match[1]!;
}

export const userRow = async (t: TeamsApp, username: string) =>
  (await t.sql<{ id: number; active_channel_id: number | null }>(`SELECT id, active_channel_id FROM users WHERE username = $1`, [username]))[0]!;

export const channelId = async (t: TeamsApp, owner: string, name = 'main') =>
  (
    await t.sql<{ id: number }>(`SELECT c.id FROM channels c JOIN users u ON u.id = c.owner_user_id WHERE u.username = $1 AND c.name = $2`, [owner, name])
  )[0]?.id;

export const memberNames = async (t: TeamsApp, owner: string, name = 'main') =>
  (
    await t.sql<{ username: string }>(
      `SELECT m.username FROM channel_members cm JOIN users m ON m.id = cm.user_id JOIN channels c ON c.id = cm.channel_id
       JOIN users o ON o.id = c.owner_user_id WHERE o.username = $1 AND c.name = $2 ORDER BY m.username`,
      [owner, name],
    )
  ).map((r) => r.username);
