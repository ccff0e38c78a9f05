import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clip, ClipList } from '@app/contracts/clips';
import { createCrowdGame } from '@app/media/cheers/crowd-game';
import { probe } from '@app/media/probe';
import { runFfmpeg } from '@app/media/run-ffmpeg';
import { finishLiveClipJob } from '../../src/modules/reels/finish-live-clip.job';
import { createCheerClips } from '../../src/modules/clips/clips.module';
import { autoHighlights } from '../../src/modules/live/auto-highlights';
import {
  athlete,
  call,
  coach,
  createEvent,
  eventId,
  expectError,
  joinTeam,
  objectsUnder,
  pathOf,
  person,
  setStatus,
  subscribe,
  userId,
  videosApp,
  type Person,
  type TeamsApp,
} from './events-helpers';
import { jobContext, runJob } from '../transcode/helpers';

const SEGMENTS = 34;
/** Rows for the first 30 segments exist at the start; the last 4 "arrive" in a test. */
const STORED_FIRST = 30;
const BASE_MS = Date.parse('2031-06-01T18:00:00Z');

let t: TeamsApp;
let dir: string;
let owner: Person;
let mate: Person;
let rival: Person;
let fan: Person;
let payingFan: Person;
let eagle: Person;
let publicKey: string;
let privateKey: string;
let durations: number[] = [];

/** 1 s MPEG-TS segments as the packager writes them: H.264 with a keyframe each second, AAC audio. */
async function liveSegments(out: string): Promise<number[]> {
  // prettier-ignore
  await runFfmpeg([
    '-hide_banner', '-nostdin', '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${SEGMENTS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SEGMENTS}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0',
    '-c:a', 'aac', '-b:a', '64k',
    '-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', '-hls_segment_filename', path.join(out, '%d.ts'), path.join(out, 'index.m3u8'),
  ], { outputFile: path.join(out, 'index.m3u8') });
  const playlist = await readFile(path.join(out, 'index.m3u8'), 'utf8');
  return [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
}

/** Stores segments [from, to) of an event in Storage, then their rows (the packager's order). */
async function storeSegments(key: string, from: number, to: number): Promise<void> {
  const id = await eventId(t, key);
  let start = BASE_MS + durations.slice(0, from).reduce((a, b) => a + b, 0) * 1000;
  for (let seq = from; seq < to; seq++) {
    const storageKey = `demo/live/${id}/${seq}.ts`;
    const stored = await t.runtime.storage.putFile(storageKey, path.join(dir, `${seq}.ts`), { contentType: 'video/mp2t' });
    await t.sql(`INSERT INTO live_segments (event_id, seq, storage_key, started_at_ms, duration_sec, byte_size) VALUES ($1, $2, $3, $4, $5, $6)`, [
      id,
      seq,
      storageKey,
      Math.round(start),
      durations[seq],
      stored.size,
    ]);
    start += durations[seq]! * 1000;
  }
}

const post = (who: Person | null, key: string, body: unknown) => call(t, 'POST', `/api/user/clips/${key}`, who?.headers ?? {}, body);

/** The clip's media through its chunk URL, probed. */
async function probeChunk(who: Person, clip: Clip) {
  const chunk = await call(t, 'GET', `/api/user/clips/${clip.stream_id}/${clip.clip_id}/chunk`, who.headers);
  expect(chunk.statusCode, chunk.body).toBe(200);
  const source = chunk.json().source as string;
  expect(source).not.toContain('#t=');
  const media = await t.app.inject({ method: 'GET', url: pathOf(source) });
  expect(media.statusCode).toBe(200);
  const file = path.join(dir, `${clip._id}.mp4`);
  await writeFile(file, media.rawPayload);
  return probe(file);
}

/** The finish job's context on its first attempt (it retries up to 20 times). */
const finishContext = () => jobContext(t, { job: { id: 'test', retryCount: 0, retryLimit: 20 } });

beforeAll(async () => {
  t = await videosApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'live-clips-'));
  durations = await liveSegments(dir);
  expect(durations).toHaveLength(SEGMENTS);
  owner = await coach(t, 'lccoach', 'Lions');
  mate = await athlete(t, 'lcmate');
  await joinTeam(t, 'lccoach', 'lcmate');
  rival = await coach(t, 'lcrival', 'Tigers');
  fan = await person(t, 'lcfan', { type: 'fan' });
  payingFan = await person(t, 'lcpayer', { type: 'fan' });
  await subscribe(t, payingFan, 'fan');
  eagle = await coach(t, 'lcother', 'Elsewhere', { other: true });
  publicKey = (await createEvent(t, owner, { title: 'Lions vs Bears', public: true })).key;
  privateKey = (await createEvent(t, owner, { title: 'Lions scrimmage', date: '2031-06-02T18:00:00Z' })).key;
  for (const key of [publicKey, privateKey]) {
    await setStatus(t, key, 'live', BASE_MS);
    await storeSegments(key, 0, STORED_FIRST);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('POST /api/user/clips/{key}', () => {
  it('cuts the 20 s before the moment and the 5 s after from the stored segments, playable at once', async () => {
    const res = await post(payingFan, publicKey, { timestamp: BASE_MS + 25_000 });
    expect(res.statusCode, res.body).toBe(201);
    const clip = res.json() as Clip;
    expect(clip).toMatchObject({ stream_id: publicKey, clip_id: BASE_MS + 25_000, clipTitle: 'Lions vs Bears', cheer: false, description: '' });
    // Whole segments: it starts within a segment of the moment - 20 s.
    expect(clip.start).toBeGreaterThan(4);
    expect(clip.start).toBeLessThanOrEqual(5);
    expect(clip.time).toBe(`00:00:0${Math.floor(clip.start)}`);
    expect(clip.duration).toBeGreaterThan(24.5);
    expect(clip.duration).toBeLessThan(27);
    expect(clip.poster).not.toBeNull();
    const [row] = await t.sql<{ status: string; stream_kind: string; source_key: string; source_rendition: string; owner_user_id: number; source_owner_user_id: number }>(
      `SELECT status, stream_kind, source_key, source_rendition, owner_user_id, source_owner_user_id FROM clips WHERE id = $1`,
      [clip._id],
    );
    expect(row).toEqual({
      status: 'ready',
      stream_kind: 'live',
      source_key: await eventId(t, publicKey),
      source_rendition: 'live',
      owner_user_id: await userId(t, 'lcpayer'),
      source_owner_user_id: await userId(t, 'lccoach'),
    });

    const media = await probeChunk(payingFan, clip);
    expect(media.video?.codec).toBe('h264');
    expect(media.audio?.codec).toBe('aac');
    expect(Math.abs(media.durationSec! - clip.duration)).toBeLessThan(0.5);
  });

  it('at the live edge cuts what exists now and the finish job replaces it once the seconds after are stored', async () => {
    const res = await post(owner, publicKey, { timestamp: BASE_MS + 28_000 });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json() as Clip;
    expect(first.duration).toBeGreaterThan(21);
    expect(first.duration).toBeLessThan(23.5);
    expect((await probeChunk(owner, first)).durationSec).toBeGreaterThan(21);
    const [pending] = await t.sql<{ status: string; job_id: string; file_key: string }>(`SELECT status, job_id, file_key FROM clips WHERE id = $1`, [first._id]);
    expect(pending!.status).toBe('cutting');
    const jobs = await t.sql<{ name: string; start_after: Date }>(`SELECT name, start_after FROM pgboss.job WHERE id = $1`, [pending!.job_id]);
    expect(jobs[0]!.name).toBe('finish-live-clip');
    expect(jobs[0]!.start_after.getTime()).toBeGreaterThanOrEqual(BASE_MS + 33_000);

    // Not stored yet: the job waits (its attempt fails and is retried).
    await expect(runJob(finishLiveClipJob, { clipId: first._id }, finishContext())).rejects.toThrow(/not stored yet/);

    await storeSegments(publicKey, STORED_FIRST, SEGMENTS);
    await runJob(finishLiveClipJob, { clipId: first._id }, finishContext());
    const [done] = await t.sql<{ status: string; duration_sec: number; file_key: string; reel_id: string }>(
      `SELECT status, duration_sec, file_key, reel_id FROM clips WHERE id = $1`,
      [first._id],
    );
    expect(done!.status).toBe('ready');
    expect(done!.duration_sec).toBeGreaterThan(24.5);
    expect(done!.file_key).not.toBe(pending!.file_key);
    const [chunk] = await t.sql<{ out_sec: number }>(`SELECT out_sec FROM reel_chunks WHERE reel_id = $1`, [done!.reel_id]);
    expect(chunk!.out_sec).toBe(done!.duration_sec);
    const objects = await objectsUnder(t, `demo/live/${await eventId(t, publicKey)}/clips/${first._id}/`);
    expect(objects.map((k) => path.basename(k)).sort()).toEqual(['clip.mp4', 'poster.jpg']);
    expect((await probeChunk(owner, { ...first, duration: done!.duration_sec })).durationSec).toBeGreaterThan(24.5);
  });

  it('refuses a moment outside the recording and a bad timestamp, naming timestamp', async () => {
    const outside = 'body.timestamp: The moment must be within the recorded part of the game.';
    expectError(await post(owner, privateKey, { timestamp: BASE_MS - 1000 }), 400, outside);
    expectError(await post(owner, privateKey, { timestamp: BASE_MS + 120_000 }), 400, outside);
    expectError(await post(owner, privateKey, { timestamp: 'now' }), 400, 'body.timestamp: Expected a time in ms');
    expectError(await post(owner, privateKey, {}), 400, /^body\.timestamp: /);
    const { key } = await createEvent(t, owner, { title: 'Not started', date: '2031-07-01T18:00:00Z' });
    expectError(await post(owner, key, { timestamp: BASE_MS + 10_000 }), 400, outside);
  });

  it('is for viewers who may play: team members, subscribers of a public event; others get 404, 403 or 401', async () => {
    await subscribe(t, mate, 'athlete');
    expect((await post(mate, privateKey, { timestamp: BASE_MS + 15_000 })).statusCode).toBe(201);
    expectError(await post(rival, privateKey, { timestamp: BASE_MS + 15_000 }), 404, 'Event not found.');
    expectError(await post(payingFan, privateKey, { timestamp: BASE_MS + 15_000 }), 404, 'Event not found.');
    expectError(await post(eagle, publicKey, { timestamp: BASE_MS + 15_000 }), 404, 'Event not found.');
    expectError(await post(fan, publicKey, { timestamp: BASE_MS + 15_000 }), 403, 'A subscription is required to watch live games.');
    expectError(await post(null, publicKey, { timestamp: BASE_MS + 15_000 }), 401);
  });
});

describe('the clips of a live event', () => {
  it('lists them newest first in pages, for whoever may see the event', async () => {
    const all = await call(t, 'GET', `/api/user/clips/${publicKey}`, fan.headers);
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json() as ClipList;
    expect(list.items.map((c) => c.clip_id)).toEqual([BASE_MS + 28_000, BASE_MS + 25_000]);
    expect(list.next).toBeNull();
    const first = (await call(t, 'GET', `/api/user/clips/${publicKey}?limit=1`, fan.headers)).json() as ClipList;
    expect(first.items.map((c) => c.clip_id)).toEqual([BASE_MS + 28_000]);
    const second = (await call(t, 'GET', `/api/user/clips/${publicKey}?limit=1&timestamp=${first.next}`, fan.headers)).json() as ClipList;
    expect(second.items.map((c) => c.clip_id)).toEqual([BASE_MS + 25_000]);

    expectError(await call(t, 'GET', `/api/user/clips/${publicKey}`, eagle.headers), 404);
    expectError(await call(t, 'GET', `/api/user/clips/${publicKey}`), 401);
    expectError(await call(t, 'GET', `/api/user/clips/${privateKey}`, rival.headers), 404);
    expect(((await call(t, 'GET', `/api/user/clips/${privateKey}`, mate.headers)).json() as ClipList).items).toHaveLength(1);
  });

  it("plays a private event's clip for its team only, and lists it among its maker's clips", async () => {
    const [clip] = ((await call(t, 'GET', `/api/user/clips/${privateKey}`, owner.headers)).json() as ClipList).items;
    expectError(await call(t, 'GET', `/api/user/clips/${privateKey}/${clip!.clip_id}/chunk`, rival.headers), 404, 'Clip not found.');
    expect((await call(t, 'GET', `/api/user/clips/${privateKey}/${clip!.clip_id}/chunk`, owner.headers)).statusCode).toBe(200);
    const mine = (await call(t, 'GET', '/api/user/clips', mate.headers)).json() as ClipList;
    expect(mine.items.map((c) => [c.stream_id, c.clipTitle])).toEqual([[privateKey, 'Lions scrimmage']]);
    // Its reel plays for the team, not for another team, and its share link is off until its maker shares it.
    expect((await call(t, 'GET', `/api/user/reels/${clip!.reel_id}`, mate.headers)).statusCode).toBe(200);
    expectError(await call(t, 'GET', `/api/user/reels/${clip!.reel_id}`, rival.headers), 404, 'Reel not found.');
    expectError(await call(t, 'GET', `/api/reels/${clip!.reel_id}`), 404, 'Reel not found.');
  });
});

describe('auto highlights', () => {
  it('clips each cheer of a publish in the event owner`s name; the cheer lists its clip, and its maker deletes it with its files', async () => {
    const { key } = await createEvent(t, owner, { title: 'Lions cup final', public: true });
    await setStatus(t, key, 'ended', BASE_MS);
    await storeSegments(key, 0, SEGMENTS);
    // One cheer 40 s into the audio, which starts so that it lands 12 s into the recording.
    const audio = path.join(dir, 'crowd.m4a');
    await createCrowdGame(audio, {
      game: { durationSec: 100, cheers: [{ timeSec: 40, strengthDb: 30 }], bangSec: 70, whistleSec: 75, chant: { startSec: 90, durationSec: 5, levelDb: 0 } },
    });
    const cheerClips = createCheerClips({ db: t.runtime.db, storage: t.runtime.storage, dataDir: t.config.dataDir, reels: t.runtime.clipReels });
    let clipped: (clipId: string) => void;
    const clippedOne = new Promise<string>((resolve) => (clipped = resolve));
    const onPublish = autoHighlights({
      db: t.runtime.db,
      log: pino({ level: 'silent' }),
      onCheer: async (cheer) => {
        const made = await cheerClips(cheer);
        clipped(made.clipId);
        return made;
      },
    });
    const id = await eventId(t, key);
    const event = { id, tenantId: 'demo', ownerUserId: await userId(t, 'lccoach'), status: 'ended' as const, endedAt: new Date(), lastSeenAt: null };
    const listener = onPublish({ event, inputUrl: audio, anchorMs: BASE_MS + 12_000 - 40_000 });
    const clipId = await clippedOne;
    // Stopping waits until every cheer found is stored with its clip.
    await listener.stop();

    const clip = ((await call(t, 'GET', '/api/user/clips', owner.headers)).json() as ClipList).items.find((c) => c._id === clipId);
    expect(clip).toMatchObject({ cheer: true, stream_id: key });
    expect(Math.abs(clip!.clip_id - (BASE_MS + 12_000))).toBeLessThanOrEqual(2000);
    const cheers = await call(t, 'GET', `/api/events/${key}/cheers?omega=1&top=10`);
    expect(cheers.json()).toEqual([{ timestamp: expect.any(Number), cheer: expect.any(Number), path: `/team/clips/${clip!.reel_id}` }]);

    const prefix = `demo/live/${id}/clips/${clipId}/`;
    expect(await objectsUnder(t, prefix)).toHaveLength(2);
    expectError(await call(t, 'DELETE', `/api/user/clips/${clipId}`, payingFan.headers), 404);
    expect((await call(t, 'DELETE', `/api/user/clips/${clipId}`, owner.headers)).statusCode).toBe(204);
    expect(await objectsUnder(t, prefix)).toEqual([]);
    expect(await readdir(path.join(t.config.dataDir, 'tmp', 'live-clip'))).toEqual([]);
  });
});
