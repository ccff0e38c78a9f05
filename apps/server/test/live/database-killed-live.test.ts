import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl } from '../helpers/embedded-cluster';
import { freePort, startServer, waitForOutput, type ServerProcess } from '../helpers/server-process';
import { publish, waitFor } from './ingest-helpers';

/*
 * `npm start` with its embedded PostgreSQL, a coach streaming a game over RTMP and a viewer, when the
 * database process is killed outright (as an out-of-memory kill does). The cluster directory is made
 * unusable just before the kill and usable again once the outage has been looked at, so the outage
 * lasts until the test has seen what it must see, whatever the machine's speed.
 */
let server: ServerProcess;
let dataDir: string;
let base: string;
let rtmpPort: number;
let auth: Record<string, string>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-db-killed-'));
  rtmpPort = await freePort();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer({ DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', INGEST: '1', RTMP_PORT: String(rtmpPort), LOG_LEVEL: 'info' });
  await waitForOutput(server, /Teamfilm is ready/, 120_000);
  auth = await signedUpCoach();
}, 180_000);

afterAll(async () => {
  // An ordered stop: the database (in a process group of its own) is stopped before its files are removed.
  if (server && server.child.exitCode === null && server.child.signalCode === null) process.kill(server.child.pid!, 'SIGTERM');
  await server?.exited;
  await fs.chmod(path.join(dataDir, 'postgres'), 0o700).catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function api<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = auth): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function signedUpCoach(): Promise<Record<string, string>> {
  const { tenantId } = await api<{ tenantId: string }>('GET', '/api/config', undefined, {});
  const created = await api<{ tokens: { access: { value: string } } }>(
    'POST',
    `/v0/tenants/${tenantId}/auth/create`,
    { email: 'coach@example.com', username: 'coach', password: 'correct horse battery staple' },
    {},
  );
  const headers = { authorization: `Bearer ${created.tokens.access.value}` };
  await api('POST', '/api/user/me', { username: 'coach', type: 'team', firstname: 'Casey', lastname: 'Coach' }, headers);
  await api('POST', '/api/user/channels', { channel: 'main', description: 'Games' }, headers);
  await api('POST', '/api/billing/local/subscribe', { type: 'team' }, headers);
  return headers;
}

const health = async () => (await fetch(`${base}/api/health`).catch(() => ({ status: 0 }))).status;

async function postmasterPid(): Promise<number> {
  return Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Segment objects in local Storage (one event per data directory here), recorded or waiting for their rows. */
async function storedSegments(): Promise<number> {
  const root = path.join(dataDir, 'storage', 'objects');
  let count = 0;
  for (const tenant of await fs.readdir(root)) {
    const live = path.join(root, tenant, 'live');
    for (const event of await fs.readdir(live).catch(() => [])) count += (await fs.readdir(path.join(live, event))).filter((f) => f.endsWith('.ts')).length;
  }
  return count;
}

interface SegmentRow {
  seq: number;
  start: number;
  dur: number;
  discontinuity: boolean;
}

async function archive(key: string): Promise<{ status: string; segments: SegmentRow[] }> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    const [event] = (await client.query<{ id: string; status: string }>(`SELECT id, status FROM live_events WHERE key = $1`, [key])).rows;
    const { rows } = await client.query<SegmentRow>(
      `SELECT seq, started_at_ms::float8 AS start, duration_sec::float8 AS dur, discontinuity FROM live_segments WHERE event_id = $1 ORDER BY seq`,
      [event!.id],
    );
    return { status: event!.status, segments: rows };
  } finally {
    await client.end();
  }
}

describe('kill -9 of the embedded PostgreSQL during a live game', () => {
  it('restarts the database, keeps serving the viewer, loses no second of the game, and takes the encoder back', async () => {
    const { key, ingestKey } = await api<{ key: string; ingestKey: string }>('POST', '/api/events', {
      title: 'Eagles vs Hawks',
      date: new Date(Date.now() + 60_000).toISOString(),
      type: 'BBK',
      thumbnail: '',
      public: false,
    });
    const first = publish(rtmpPort, ingestKey, { seconds: 40 });
    let source = '';
    await waitFor('the game to be live with three segments', async () => {
      const event = await api<{ live: boolean; source?: string }>('GET', `/api/live/${key}`);
      if (!event.live || !event.source) return false;
      source = new URL(event.source, base).href;
      const playlist = await (await fetch(source)).text();
      return (playlist.match(/^#EXTINF/gm) ?? []).length >= 3;
    });
    const listed = (await (await fetch(source)).text()).split('\n').filter((l) => l && !l.startsWith('#'));
    const storedSegment = new URL(listed[1]!, source).href;
    const storedBytes = Buffer.from(await (await fetch(storedSegment)).arrayBuffer());
    expect(storedBytes.length).toBeGreaterThan(0);

    const cluster = path.join(dataDir, 'postgres');
    const pid = await postmasterPid();
    await fs.chmod(cluster, 0o000);
    process.kill(pid, 'SIGKILL');
    const storedAtKill = await storedSegments();
    await waitFor('the API to report the database unreachable', async () => (await health()) === 503);

    // The viewer keeps what was stored: the playlist and a segment it lists.
    const playlistDuring = await fetch(source);
    expect(playlistDuring.status).toBe(200);
    expect(await playlistDuring.text()).toContain(listed[1]!);
    const segmentDuring = await fetch(storedSegment);
    expect(segmentDuring.status).toBe(200);
    expect(Buffer.from(await segmentDuring.arrayBuffer()).equals(storedBytes)).toBe(true);
    // Other calls say what is wrong instead of failing blindly.
    const me = await fetch(`${base}/api/user/me`, { headers: auth });
    expect(me.status).toBe(503);
    expect(await me.text()).toContain('The database is not reachable. Try again in a moment.');

    // The game goes on into Storage while its rows cannot be written.
    await waitFor('three more segments stored during the outage', async () => (await storedSegments()) >= storedAtKill + 3);
    expect(await health()).toBe(503);

    // The encoder drops and comes back while the key cannot be checked: refused.
    first.kill();
    await first.exited;
    const refused = publish(rtmpPort, ingestKey, { seconds: 20 });
    expect(await refused.exited).not.toBe(0);
    expect(server.output()).toMatch(/the ingest key could not be checked/);

    await fs.chmod(cluster, 0o700);
    await waitFor('the server to be healthy again', async () => (await health()) === 200, 60_000);
    expect(server.child.exitCode).toBeNull();
    expect(await postmasterPid()).not.toBe(pid);
    expect(server.output()).toMatch(/embedded PostgreSQL exited unexpectedly/);

    // Back in as soon as the database is.
    const again = publish(rtmpPort, ingestKey, { seconds: 4 });
    expect(await again.exited).toBe(0);
    await waitFor('the game to end', async () => (await archive(key)).status === 'ended', 30_000);

    const { segments } = await archive(key);
    expect(segments.map((s) => s.seq)).toEqual(segments.map((_, i) => i));
    // Only the reconnect starts a new timeline; the first publish has no hole, outage included.
    const breaks = segments.filter((s) => s.discontinuity).map((s) => s.seq);
    expect(breaks).toHaveLength(1);
    const firstPublish = segments.slice(0, breaks[0]);
    for (let i = 1; i < firstPublish.length; i++) {
      const hole = firstPublish[i]!.start - (firstPublish[i - 1]!.start + firstPublish[i - 1]!.dur * 1000);
      expect(hole, `hole before segment ${i}`).toBeLessThan(500);
    }
    // What the encoder sent during the outage was recorded after it.
    expect(firstPublish.length).toBeGreaterThanOrEqual(storedAtKill + 3);
    expect(segments.length - firstPublish.length).toBeGreaterThanOrEqual(3);
    // The viewer's node learns of the end from the database's notification.
    await waitFor('the archive playlist', async () => (await (await fetch(source)).text()).includes('#EXT-X-ENDLIST'));
  }, 240_000);
});
