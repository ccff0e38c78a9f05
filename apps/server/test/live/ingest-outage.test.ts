import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clip } from '@app/contracts/clips';
import { probe } from '@app/media/probe';
import { createCrowdGame, CROWD_GAME } from '@app/media/cheers/crowd-game';
import { createDb, type Db } from '../../src/db/client';
import { createCheerAnalyzer, type CheerAnalysis } from '../../src/modules/live/cheers/cheer-analyzer';
import { createCheers } from '../../src/modules/live/live.module';
import type { Ingest } from '../../src/modules/live/ingest/ingest.service';
import type { Storage } from '../../src/storage/storage';
import { separatePostgres, type SeparatePostgres } from '../helpers/separate-postgres';
import { call, coach, createEvent, eventId, objectsUnder, pathOf, videosApp, type Person, type TeamsApp } from './events-helpers';
import { cheerRows, insertLiveEvent } from './cheers-helpers';
import { eventState, insertEvent, publish, segments, startTestIngest, waitFor } from './ingest-helpers';

let pg: SeparatePostgres;
let t: TeamsApp;
let db: Db;
let ingest: Ingest;
let ingestOptions: Parameters<typeof startTestIngest>[1];
let owner: Person;
let dir: string;
/** Successful sweeps of the ingest (its `touch` of the events it feeds). */
let touches = 0;
let counted: ReturnType<typeof countingStorage>['count'];
const puts = (prefix: string) => counted('put', prefix);
/** The ingest's log lines. */
const logged: { level: number; msg: string; eventId?: string; segments?: number }[] = [];
const linesOf = (eventId: string) => logged.filter((l) => l.eventId === eventId);

/** The ingest's own pool on the separate cluster, counting the sweep's touches as they succeed. */
function countingDb(url: string): Db {
  const ingestDb = createDb(url, 4);
  const pool = ingestDb.$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
    if (/^update "live_events" set "last_seen_at"/.test(text ?? '')) void result.then(() => (touches += 1), () => undefined);
    return result;
  };
  return ingestDb;
}

/** The app's Storage, counting the objects put and moved under each prefix. */
function countingStorage(storage: Storage) {
  const counts = new Map<string, number>();
  const count = (what: string, key: string) => {
    const name = `${what} ${key.slice(0, key.lastIndexOf('/') + 1)}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  const wrapped = new Proxy(storage, {
    get(target, name, receiver) {
      if (name === 'putFile') {
        return async (...args: Parameters<Storage['putFile']>) => {
          const stored = await target.putFile(...args);
          count('put', args[0]);
          return stored;
        };
      }
      if (name === 'move') {
        return async (...args: Parameters<Storage['move']>) => {
          const moved = await target.move(...args);
          count('move', args[0]);
          return moved;
        };
      }
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return { storage: wrapped, count: (what: 'put' | 'move', prefix: string) => counts.get(`${what} ${prefix}`) ?? 0 };
}

/** Waits for `n` more successful sweeps: the sweep before the last has run to its end. */
async function sweeps(n: number): Promise<void> {
  const target = touches + n;
  await waitFor(`${n} sweeps`, async () => touches >= target);
}

beforeAll(async () => {
  pg = await separatePostgres();
  t = await videosApp({ DATABASE_URL: pg.url });
  db = countingDb(pg.url);
  dir = await mkdtemp(path.join(os.tmpdir(), 'ingest-outage-'));
  owner = await coach(t, 'outagecoach', 'Lions');
  // What a crashed run of this node left behind.
  const leftover = path.join(t.config.dataDir, 'live-ingest', 'crashed-session');
  await mkdir(leftover, { recursive: true });
  await writeFile(path.join(leftover, '12.ts'), 'half a segment');
  const counting = countingStorage(t.runtime.storage);
  counted = counting.count;
  const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) });
  ingestOptions = { db, storage: counting.storage, log };
  ingest = await startTestIngest(t, ingestOptions);
}, 60_000);

afterAll(async () => {
  await ingest?.close();
  await db?.$client.end();
  await t?.close();
  await pg?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('live ingest while the database is down', () => {
  it('removes the segment folders of a crashed run when it starts', async () => {
    expect(await readdir(path.join(t.config.dataDir, 'live-ingest')).catch(() => [])).toEqual([]);
  });

  it("removes the segments a crashed run stored but did not record when the event's next publish starts", async () => {
    const event = await insertEvent(t, 'outagecoach');
    const prefix = `demo/live/${event.id}/`;
    for (let seq = 0; seq < 10; seq++) await t.runtime.storage.put(`${prefix}${seq}.ts`, Buffer.from('an unrecorded segment'), { contentType: 'video/mp2t' });
    expect(await publish(ingest.port, event.ingestKey, { seconds: 3 }).exited).toBe(0);
    await waitFor('the event to end', async () => (await eventState(t, event.id)).status === 'ended');
    const rows = await segments(t, event.id);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect((await objectsUnder(t, prefix)).sort()).toEqual(rows.map((r) => r.storage_key).sort());
  });

  it('keeps the publisher, records the seconds of the outage after it, in order, and clips of them play', async () => {
    const { key, ingestKey } = await createEvent(t, owner, { title: 'Lions vs Bears' });
    const id = await eventId(t, key);
    const prefix = `demo/live/${id}/`;
    // Another node's game, fed until the outage; that node does not come back.
    const elsewhere = await insertEvent(t, 'outagecoach', { status: 'live', lastSeenAt: new Date() });
    const seconds = 25;
    const publisher = publish(ingest.port, ingestKey, { seconds });
    await waitFor('3 segments', async () => (await segments(t, id)).length >= 3);
    await t.sql(`UPDATE live_events SET last_seen_at = now() WHERE id = $1`, [elsewhere.id]);

    await pg.stop();
    const stored = puts(prefix);
    try {
      // About 5 s of the game happen while the database is down: their segments reach Storage.
      await waitFor('5 segments stored during the outage', async () => puts(prefix) >= stored + 5);
    } finally {
      await pg.start();
    }

    // The first sweep after the outage has run to its end: the other node's event, silent only because
    // of the outage, is not ended yet (its node has as long to come back as an abandoned event is given).
    await sweeps(2);
    expect((await eventState(t, elsewhere.id)).status).toBe('live');

    expect(await publisher.exited).toBe(0);
    await waitFor('the event to end', async () => (await eventState(t, id)).status === 'ended');
    const rows = await segments(t, id);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
    expect(rows.filter((r) => r.discontinuity)).toEqual([]);
    const total = rows.reduce((sum, r) => sum + r.duration_sec, 0);
    expect(total).toBeGreaterThan(seconds - 2);
    expect(total).toBeLessThan(seconds + 2);
    // Each segment follows the one before it on the wall clock: no hole where the outage was.
    for (let i = 1; i < rows.length; i++) expect(Math.abs(rows[i]!.started_at_ms - rows[i - 1]!.started_at_ms - rows[i - 1]!.duration_sec * 1000)).toBeLessThan(300);
    // Every object in Storage is a segment of the archive (or of a clip): nothing orphaned.
    expect((await objectsUnder(t, prefix)).filter((k) => !k.includes('/clips/')).sort()).toEqual(rows.map((r) => r.storage_key).sort());

    // One line when the wait starts and one with the count when it is over, not one per segment.
    const lines = linesOf(id).filter((l) => l.level >= 30 && !/^live publish (started|ended)$/.test(l.msg));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'the database is unavailable; live segments wait in Storage to be recorded'],
      [30, 'the database is back; recorded the live segments that waited for it'],
    ]);
    expect(lines[1]!.segments).toBeGreaterThanOrEqual(5);

    // A clip of a moment in the outage, cut afterwards.
    const moment = rows[stored + 2]!.started_at_ms;
    const res = await call(t, 'POST', `/api/user/clips/${key}`, owner.headers, { timestamp: moment });
    expect(res.statusCode, res.body).toBe(201);
    const clip = res.json() as Clip;
    const chunk = await call(t, 'GET', `/api/user/clips/${key}/${clip.clip_id}/chunk`, owner.headers);
    expect(chunk.statusCode, chunk.body).toBe(200);
    const media = await t.app.inject({ method: 'GET', url: pathOf(chunk.json().source as string) });
    expect(media.statusCode).toBe(200);
    const file = path.join(dir, 'clip.mp4');
    await writeFile(file, media.rawPayload);
    // All the seconds before the moment (fewer than 20) and the 5 s after it.
    const expected = (moment - rows[0]!.started_at_ms) / 1000 + 5;
    expect((await probe(file)).durationSec).toBeGreaterThan(expected - 1.5);

    // The other node never came back: its event is ended after all.
    await waitFor('the abandoned event to end', async () => (await eventState(t, elsewhere.id)).status === 'ended');
  }, 90_000);

  it('refuses an encoder that reconnects while the database is down and takes it as soon as it is back', async () => {
    const { key, ingestKey } = await createEvent(t, owner, { title: 'Lions vs Hawks' });
    const id = await eventId(t, key);
    const prefix = `demo/live/${id}/`;
    const dropped = publish(ingest.port, ingestKey, { seconds: 30 });
    await waitFor('2 segments', async () => (await segments(t, id)).length >= 2);
    await pg.stop();
    try {
      const stored = puts(prefix);
      await waitFor('3 segments stored during the outage', async () => puts(prefix) >= stored + 3);
      // The encoder's connection drops, and its reconnect cannot be checked.
      dropped.kill();
      expect(await dropped.exited).not.toBe(0);
      expect(await publish(ingest.port, ingestKey, { seconds: 5 }).exited).not.toBe(0);
    } finally {
      await pg.start();
    }
    expect(await publish(ingest.port, ingestKey, { seconds: 4 }).exited).toBe(0);
    await waitFor('the event to end', async () => (await eventState(t, id)).status === 'ended');
    // The first publish whole (its seconds of the outage too), then the second one.
    const rows = await segments(t, id);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
    const reconnect = rows.findIndex((r) => r.discontinuity);
    expect(reconnect).toBeGreaterThanOrEqual(5);
    expect(rows.slice(reconnect + 1).some((r) => r.discontinuity)).toBe(false);
    expect(rows.length - reconnect).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('skips a segment whose row is refused for another reason after the outage, leaving no hole in the numbers and no object', async () => {
    const { key, ingestKey } = await createEvent(t, owner, { title: 'Lions vs Owls' });
    const id = await eventId(t, key);
    const prefix = `demo/live/${id}/`;
    const publisher = publish(ingest.port, ingestKey, { seconds: 12 });
    await waitFor('2 segments', async () => (await segments(t, id)).length >= 2);
    // The first segment captured from here on is refused once (not a connection error: it is skipped).
    await t.sql(`CREATE SEQUENCE refuse_once`);
    await t.sql(`CREATE FUNCTION refuse_one_segment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.event_id = '${id}' AND NEW.started_at_ms >= ${Date.now()} THEN
          IF nextval('refuse_once') = 1 THEN RAISE EXCEPTION 'refused for the test'; END IF;
        END IF;
        RETURN NEW;
      END $$`);
    await t.sql(`CREATE TRIGGER refuse_one_segment BEFORE INSERT ON live_segments FOR EACH ROW EXECUTE FUNCTION refuse_one_segment()`);
    await pg.stop();
    try {
      const stored = puts(prefix);
      await waitFor('3 segments stored during the outage', async () => puts(prefix) >= stored + 3);
    } finally {
      await pg.start();
    }
    expect(await publisher.exited).toBe(0);
    await waitFor('the event to end', async () => (await eventState(t, id)).status === 'ended');
    await t.sql(`DROP TRIGGER refuse_one_segment ON live_segments; DROP FUNCTION refuse_one_segment(); DROP SEQUENCE refuse_once`);

    const rows = await segments(t, id);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
    const gaps = rows.filter((r) => r.discontinuity);
    expect(gaps).toHaveLength(1);
    const after = rows.indexOf(gaps[0]!);
    // The refused second is missing from the wall clock, and only it.
    expect(rows[after]!.started_at_ms - rows[after - 1]!.started_at_ms).toBeGreaterThan(1500);
    expect(rows[after]!.started_at_ms - rows[after - 1]!.started_at_ms).toBeLessThan(2500);
    // The segments stored behind the refused one took the free numbers.
    expect(counted('move', prefix)).toBeGreaterThanOrEqual(1);
    // Each row names its own number's object, and the refused segment's object is gone.
    expect(rows.every((r) => r.storage_key === `${prefix}${r.seq}.ts`)).toBe(true);
    expect((await objectsUnder(t, prefix)).sort()).toEqual(rows.map((r) => r.storage_key).sort());
    expect(linesOf(id).filter((l) => l.msg === 'could not record a live segment; it is skipped')).toHaveLength(1);
  }, 60_000);

  it('stores the crowd cheers found while the database is down once it is back', async () => {
    const game = path.join(dir, 'game.m4a');
    await createCrowdGame(game);
    const event = await insertLiveEvent(t, 'outagecoach');
    const service = createCheers(t.runtime.db);
    let tries = 0;
    const cheers: typeof service = { ...service, record: (...args) => ((tries += 1), service.record(...args)) };
    const analyzer = createCheerAnalyzer({ cheers, log: pino({ level: 'silent' }) });
    await pg.stop();
    let analysis: CheerAnalysis | undefined;
    try {
      analysis = analyzer.startCheerAnalysis({ eventId: event.id, inputUrl: game, anchorMs: Date.UTC(2026, 4, 17, 18) });
      await waitFor('the first cheer to be found', async () => tries >= 1);
    } finally {
      await pg.start();
    }
    await analysis.done;
    expect(await cheerRows(t, event.id)).toHaveLength(CROWD_GAME.cheers.length);
  }, 60_000);

  it('drops the oldest segments waiting for the database past its bound, leaving no hole in the numbers and no object', async () => {
    await ingest.close();
    ingest = await startTestIngest(t, { ...ingestOptions, maxUnrecordedSegments: 2 });
    const { key, ingestKey } = await createEvent(t, owner, { title: 'Lions vs Foxes' });
    const id = await eventId(t, key);
    const prefix = `demo/live/${id}/`;
    const publisher = publish(ingest.port, ingestKey, { seconds: 12 });
    await waitFor('2 segments', async () => (await segments(t, id)).length >= 2);
    await pg.stop();
    try {
      const stored = puts(prefix);
      // One waits for its row, two wait behind it, the ones before those two are dropped.
      await waitFor('5 segments stored during the outage', async () => puts(prefix) >= stored + 5);
    } finally {
      await pg.start();
    }
    expect(await publisher.exited).toBe(0);
    await waitFor('the event to end', async () => (await eventState(t, id)).status === 'ended');

    const rows = await segments(t, id);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
    const gaps = rows.filter((r) => r.discontinuity);
    expect(gaps).toHaveLength(1);
    const after = rows.indexOf(gaps[0]!);
    expect(rows[after]!.started_at_ms - rows[after - 1]!.started_at_ms).toBeGreaterThan(2500);
    expect(rows.every((r) => r.storage_key === `${prefix}${r.seq}.ts`)).toBe(true);
    expect((await objectsUnder(t, prefix)).sort()).toEqual(rows.map((r) => r.storage_key).sort());
    // Every segment stored is recorded but the ones dropped past the bound.
    const dropped = linesOf(id).filter((l) => l.msg === 'too many live segments wait for the database; dropped the oldest').length;
    expect(dropped).toBeGreaterThanOrEqual(2);
    expect(rows).toHaveLength(puts(prefix) - dropped);
  }, 60_000);
});
