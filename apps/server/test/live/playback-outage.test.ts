import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ingest } from '../../src/modules/live/ingest/ingest.service';
import { separatePostgres, type SeparatePostgres } from '../helpers/separate-postgres';
import { coach, expectError, person, userId, videosApp, type TeamsApp } from '../videos/helpers';
import { insertEvent as insertIngestEvent, publish, segments, startTestIngest, waitFor, type Publisher } from './ingest-helpers';
import { addSegment, insertEvent, liveSegmentFiles, pathSegmentUrl, playbackToken, type LiveEvent } from './playback-helpers';

// The app runs on a PostgreSQL server of its own, which these tests stop and start under it.
let pg: SeparatePostgres;
let t: TeamsApp;
let ingest: Ingest;
let publisher: Publisher | undefined;
let dir: string;
let files: string[];
let ownerId: number;
let viewerId: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'live-playback-outage-'));
  pg = await separatePostgres();
  [t, files] = await Promise.all([videosApp({ DATABASE_URL: pg.url }), liveSegmentFiles(dir, 2)]);
  await coach(t, 'outagecoach', 'Lions');
  await person(t, 'outagefan', { type: 'fan' });
  ownerId = await userId(t, 'outagecoach');
  viewerId = await userId(t, 'outagefan');
  ingest = await startTestIngest(t);
});
afterAll(async () => {
  publisher?.kill();
  await ingest?.close();
  await t?.close();
  await pg?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const playlistUrl = (key: string, token: string, extra = '') => `/api/live/${key}/index.m3u8?token=${encodeURIComponent(token)}${extra}`;
const segmentUrl = (key: string, seq: number) => pathSegmentUrl(t, { key, tenantId: 'demo' }, seq);
const seqs = (res: LightMyRequestResponse) => [...res.body.matchAll(/^a\/[^/]+\/source\/(\d+)\.ts$/gm)].map((m) => Number(m[1]));
const NO_DATABASE = 'The database is not reachable. Try again in a moment.';

/** A live event with `count` stored segments of `durationSec` each, written as the ingest writes them. */
async function storedEvent(count: number, durationSec = 1): Promise<{ event: LiveEvent; token: string }> {
  const event = await insertEvent(t, ownerId, 'live');
  for (let seq = 0; seq < count; seq++) await addSegment(t, event, seq, files[seq % files.length]!, { durationSec });
  return { event, token: await playbackToken(t, event.id, viewerId) };
}

/** Runs `during` with the database stopped; it is started again whatever happens. */
async function whileStopped(during: () => Promise<void>): Promise<void> {
  await pg.stop();
  try {
    await during();
  } finally {
    await pg.start();
  }
}

describe('live playback while the database is down', () => {
  it('keeps serving a live game’s playlist and stored segments, answers a blocking reload held across the stop, and resumes the live edge after', async () => {
    const game = await insertIngestEvent(t, 'outagecoach');
    const key = (await t.sql<{ key: string }>(`SELECT key FROM live_events WHERE id = $1`, [game.id]))[0]!.key;
    publisher = publish(ingest.port, game.ingestKey, { seconds: 120 });
    await waitFor('three recorded segments', async () => (await segments(t, game.id)).length >= 3, 30_000);
    const token = await playbackToken(t, game.id, viewerId);
    const before = await get(playlistUrl(key, token));
    expect(before.statusCode, before.body).toBe(200);
    const [stored] = await segments(t, game.id);
    const storedBytes = await buffer((await t.runtime.storage.getStream(stored!.storage_key)).body);

    // A live event that waits for its next segment: 2 s segments hold a blocking reload 6 s.
    const quiet = await storedEvent(2, 2);
    expect((await get(playlistUrl(quiet.event.key, quiet.token))).statusCode).toBe(200);
    let answered = false;
    const blocked = get(playlistUrl(quiet.event.key, quiet.token, '&_HLS_msn=2')).then((res) => ((answered = true), res));

    let known: number[] = [];
    await whileStopped(async () => {
      expect(answered).toBe(false);

      const during = await get(playlistUrl(key, token));
      expect(during.statusCode, during.body).toBe(200);
      expect(during.body).toMatch(/^#EXTM3U\n/);
      known = seqs(during);
      expect(known.slice(0, seqs(before).length)).toEqual(seqs(before));
      const segment = await get(await segmentUrl(key, 0));
      expect(segment.statusCode, segment.body).toBe(200);
      expect(segment.rawPayload.equals(storedBytes)).toBe(true);

      const held = await blocked;
      expect(held.statusCode, held.body).toBe(200);
      expect(seqs(held)).toEqual([0, 1]);
      expect(held.body).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES');
    });
    await waitFor('the live edge to move on', async () => {
      const res = await get(playlistUrl(key, token));
      return res.statusCode === 200 && Math.max(...seqs(res)) > Math.max(...known);
    }, 30_000);
    publisher.kill();
  });

  it('answers 503 for an event it did not hold before the stop, and picks up rows recorded late, many at once, once the database is back', async () => {
    const held = await storedEvent(2);
    expect((await get(playlistUrl(held.event.key, held.token))).statusCode).toBe(200);
    const unknown = await storedEvent(2);

    await whileStopped(async () => {
      expectError(await get(playlistUrl(unknown.event.key, unknown.token)), 503, NO_DATABASE);
      expectError(await get(await segmentUrl(unknown.event.key, 0)), 503, NO_DATABASE);
      const during = await get(playlistUrl(held.event.key, held.token));
      expect(during.statusCode, during.body).toBe(200);
      expect(seqs(during)).toEqual([0, 1]);
      // Beyond what the node knows, and nobody to ask: "try again", not "not found".
      expectError(await get(await segmentUrl(held.event.key, 2)), 503, NO_DATABASE);
    });
    // What waited during the outage is recorded in one go, as the ingest records its backlog.
    await t.sql(
      `WITH s AS (SELECT storage_key, byte_size FROM live_segments WHERE event_id = $1 AND seq = 0)
       INSERT INTO live_segments (event_id, seq, storage_key, started_at_ms, duration_sec, byte_size)
       SELECT $1, n, storage_key, $2::bigint + n * 1000, 1, byte_size FROM s, generate_series(2, 9) n`,
      [held.event.id, Date.UTC(2026, 10, 24, 18)],
    );
    await t.sql(`SELECT pg_notify('live_segment', $1 || ':' || n) FROM generate_series(2, 9) n`, [held.event.id]);
    await waitFor('the rows recorded late', async () => seqs(await get(playlistUrl(held.event.key, held.token))).length === 10);
    expect((await get(await segmentUrl(held.event.key, 9))).statusCode).toBe(200);
    const now = await get(playlistUrl(unknown.event.key, unknown.token));
    expect(now.statusCode, now.body).toBe(200);
    expect(seqs(now)).toEqual([0, 1]);
  });
});
