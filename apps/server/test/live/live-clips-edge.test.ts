import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clip } from '@app/contracts/clips';
import { probe } from '@app/media/probe';
import type { Ingest } from '../../src/modules/live/ingest/ingest.service';
import { finishLiveClipJob } from '../../src/modules/reels/finish-live-clip.job';
import { OUTSIDE_RECORDING } from '../../src/modules/clips/live-clips.service';
import { call, coach, createEvent, eventId, expectError, pathOf, videosApp, type Person, type TeamsApp } from './events-helpers';
import { jobContext, runJob } from '../transcode/helpers';
import { publish, segments, startTestIngest, waitFor, type Publisher } from './ingest-helpers';

let t: TeamsApp;
let ingest: Ingest;
let dir: string;
let owner: Person;
let key: string;
let id: string;
let encoder: Publisher;

/** The first and the last stored second of the event (ms), as the clip route sees them. */
async function stored(): Promise<{ from: number; until: number }> {
  const rows = await segments(t, id);
  const last = rows.at(-1);
  return last ? { from: rows[0]!.started_at_ms, until: last.started_at_ms + last.duration_sec * 1000 } : { from: 0, until: 0 };
}
const storedUntil = async () => (await stored()).until;

async function probeClip(clip: Clip) {
  const chunk = await call(t, 'GET', `/api/user/clips/${clip.stream_id}/${clip.clip_id}/chunk`, owner.headers);
  expect(chunk.statusCode, chunk.body).toBe(200);
  const media = await t.app.inject({ method: 'GET', url: pathOf(chunk.json().source as string) });
  expect(media.statusCode).toBe(200);
  const file = path.join(dir, `${clip._id}-${media.rawPayload.length}.mp4`);
  await writeFile(file, media.rawPayload);
  return probe(file);
}

/** The finish job's context on its first attempt (it retries up to 20 times). */
const finishContext = () => jobContext(t, { job: { id: 'test', retryCount: 0, retryLimit: 20 } });

beforeAll(async () => {
  t = await videosApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'live-edge-'));
  ingest = await startTestIngest(t);
  owner = await coach(t, 'edgecoach', 'Lions');
  const created = await createEvent(t, owner, { title: 'Lions vs Bears' });
  key = created.key;
  id = await eventId(t, key);
  // A real encoder, long enough for 5 s of stored game before the presses and the 5 s after them.
  encoder = publish(ingest.port, created.ingestKey, { seconds: 30 });
  await waitFor('5 s of the game to be stored', async () => {
    const { from, until } = await stored();
    return from > 0 && until - from >= 5000;
  }, 30_000);
}, 60_000);

afterAll(async () => {
  encoder?.kill();
  await ingest?.close();
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a clip pressed at the live edge', () => {
  it('takes "now" and a moment 10 s ahead as the live edge: playable at once, completed with the 5 s after', async () => {
    const edge = await storedUntil();
    const clips: Clip[] = [];
    for (const ahead of [0, 10_000]) {
      const res = await call(t, 'POST', `/api/user/clips/${key}`, owner.headers, { timestamp: Date.now() + ahead });
      expect(res.statusCode, res.body).toBe(201);
      clips.push(res.json() as Clip);
    }
    for (const clip of clips) {
      // The live edge when the press arrived: at or after the last second stored before it.
      expect(clip.clip_id).toBeGreaterThanOrEqual(edge);
      expect(clip.clip_id).toBeLessThanOrEqual(Date.now());
      const first = await probeClip(clip);
      expect(first.video?.codec).toBe('h264');
      expect(first.durationSec).toBeGreaterThan(4);
    }
    const [pending] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM clips WHERE stream_id = $1 AND status = 'cutting'`, [key]);
    expect(pending!.n).toBe(2);

    const last = Math.max(...clips.map((c) => c.clip_id));
    await waitFor('the 5 s after the presses to be stored', async () => (await storedUntil()) >= last + 5000, 20_000);
    for (const clip of clips) {
      await runJob(finishLiveClipJob, { clipId: clip._id }, finishContext());
      const [row] = await t.sql<{ status: string; duration_sec: number }>(`SELECT status, duration_sec FROM clips WHERE id = $1`, [clip._id]);
      expect(row!.status).toBe('ready');
      // The seconds before the moment (all there are) and the 5 s after it.
      const before = (clip.clip_id - (await stored()).from) / 1000;
      expect(row!.duration_sec).toBeGreaterThan(Math.min(before, 20) + 4.5);
      expect((await probeClip({ ...clip, duration: row!.duration_sec })).durationSec).toBeGreaterThan(Math.min(before, 20) + 4.5);
    }
  }, 60_000);

  it('refuses a moment a minute ahead of the game, and one before it, naming timestamp', async () => {
    expectError(await call(t, 'POST', `/api/user/clips/${key}`, owner.headers, { timestamp: Date.now() + 60_000 }), 400, OUTSIDE_RECORDING);
    expectError(await call(t, 'POST', `/api/user/clips/${key}`, owner.headers, { timestamp: (await stored()).from - 1000 }), 400, OUTSIDE_RECORDING);
  });
});
