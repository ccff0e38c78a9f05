import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { call, coach, person, teamsApp, type Person, type PersonOptions, type TeamsApp } from '../teams/helpers';

export { call, coach, person, type Person, type TeamsApp };

export const MiB = 1024 * 1024;
/** Small enough to send an oversized body in a test, above the 64 MB resumable threshold so tus is reachable. */
export const TEST_UPLOAD_MAX_BYTES = 80 * MiB;

/** The real app, jobs enqueued but not run (WORKERS=0): these tests check what the API hands to the pipeline. */
export function videosApp(env: Record<string, string> = {}): Promise<TeamsApp> {
  return teamsApp({ WORKERS: '0', UPLOAD_MAX_BYTES: String(TEST_UPLOAD_MAX_BYTES), ...env });
}

export async function userId(t: TeamsApp, username: string): Promise<number> {
  const [row] = await t.sql<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [username]);
  return row!.id;
}

/** Adds `member` to `owner`'s main channel (what accepting an invitation does). */
export async function joinTeam(t: TeamsApp, owner: string, member: string): Promise<void> {
  await t.sql(
    `INSERT INTO channel_members (channel_id, user_id)
     SELECT c.id, (SELECT id FROM users WHERE username = $2) FROM channels c JOIN users u ON u.id = c.owner_user_id
      WHERE u.username = $1 AND c.name = 'main'`,
    [owner, member],
  );
}

/** A video row as the pipeline would leave it, without going through an upload. */
export async function insertVideo(
  t: TeamsApp,
  owner: string,
  values: { title?: string | null; status?: string; failureReason?: string | null; createdAt?: string; tenantId?: string } = {},
): Promise<string> {
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO videos (tenant_id, owner_user_id, title, status, failure_reason, source_key, created_at)
     VALUES ($1, $2, $3, $4, $5, 'demo/videos/x/source/x.mp4', coalesce($6::timestamptz, now())) RETURNING id`,
    [values.tenantId ?? 'demo', await userId(t, owner), values.title ?? null, values.status ?? 'ready', values.failureReason ?? null, values.createdAt ?? null],
  );
  return row!.id;
}

export function expectError(res: LightMyRequestResponse, status: number, message?: string | RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.statusCode).toBe(status);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

/** The path and query of an absolute URL (inject takes paths). */
export const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
};

export async function athlete(t: TeamsApp, username: string, options: PersonOptions = {}): Promise<Person> {
  return person(t, username, { type: 'athlete', ...options });
}

/** preupload + PUT + complete through the local driver's signed URL; returns the complete response. */
export async function uploadVideo(t: TeamsApp, who: Person, bytes: Buffer, fileName = 'game.mp4', contentType = 'video/mp4') {
  const pre = await call(t, 'POST', '/api/user/preupload', who.headers, { fileName, contentType, size: bytes.length });
  expect(pre.statusCode, pre.body).toBe(201);
  const { key, url } = pre.json() as { key: string; url: string };
  const put = await t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': contentType }, payload: bytes });
  expect(put.statusCode, put.body).toBe(200);
  const done = await call(t, 'POST', `/api/user/preupload/${key}/complete`, who.headers);
  expect(done.statusCode, done.body).toBe(201);
  return { key, res: done };
}
