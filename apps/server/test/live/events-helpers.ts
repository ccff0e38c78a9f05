import { expect } from 'vitest';
import { bearer, signIn } from '../identity/helpers';
import { call, type Person, type TeamsApp } from '../videos/helpers';

export * from '../videos/helpers';
export { channelId } from '../teams/helpers';
export { objectsUnder } from '../clips/helpers';

export interface EventOptions {
  title?: string;
  date?: string;
  type?: string;
  public?: boolean;
}

/** Creates an event through the API; returns `{key, ingestKey}`. */
export async function createEvent(t: TeamsApp, who: Person, options: EventOptions = {}): Promise<{ key: string; ingestKey: string }> {
  const res = await call(t, 'POST', '/api/events', who.headers, {
    title: options.title ?? 'Eagles vs Hawks',
    date: options.date ?? '2030-05-01T18:00:00.000Z',
    type: options.type ?? 'BBK',
    thumbnail: '',
    public: options.public ?? false,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Moves an event on as the ingest side would: live from `startedAtMs`, or ended. */
export async function setStatus(t: TeamsApp, key: string, status: 'upcoming' | 'live' | 'ended', startedAtMs = Date.now()): Promise<void> {
  await t.sql(
    `UPDATE live_events SET status = $2, started_at = CASE WHEN $2 = 'upcoming' THEN NULL ELSE to_timestamp($3::double precision / 1000) END,
            ended_at = CASE WHEN $2 = 'ended' THEN now() ELSE NULL END WHERE key = $1`,
    [key, status, startedAtMs],
  );
}

export async function eventId(t: TeamsApp, key: string): Promise<string> {
  return (await t.sql<{ id: string }>(`SELECT id FROM live_events WHERE key = $1`, [key]))[0]!.id;
}

/** A local test subscription of `type` for `who`. */
export async function subscribe(t: TeamsApp, who: Person, type: 'fan' | 'athlete' | 'team'): Promise<void> {
  const res = await call(t, 'POST', '/api/billing/local/subscribe', who.headers, { type });
  expect(res.statusCode, res.body).toBe(200);
}

/** Gives `who` the editor role and signs them in again, so that their token carries it. */
export async function makeEditor(t: TeamsApp, who: Person): Promise<Person> {
  await t.sql(`UPDATE identity_users SET roles = ARRAY['editor'] WHERE id = $1`, [who.identityUserId]);
  const res = await signIn(t, who.email);
  expect(res.statusCode, res.body).toBe(200);
  return { ...who, headers: { ...who.headers, ...bearer(res.json().tokens.access.value as string) } };
}
