import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Storage } from '../../src/storage/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipCutTempRoot } from '../../src/modules/clips/clip-cutter';
import { cutClipJob } from '../../src/modules/clips/cut-clip.job';
import { decodedFrameNumbers, firstFramePsnr } from '../../../../packages/media/test/helpers/decoded';
import { jobContext, probeStored, runJob, waitFor } from '../transcode/helpers';
import { call, coach, FPS, numberedRendition, objectsUnder, readyVideo, videosApp, type Person, type ReadyVideo, type TeamsApp } from './helpers';

let t: TeamsApp;
let owner: Person;
let video: ReadyVideo;
let fixtures: string;
let rendition: string;

beforeAll(async () => {
  // No in-process workers until the last test: the others run the job's handler themselves.
  t = await videosApp();
  owner = await coach(t, 'cutcoach', 'Cutters');
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'cut-clip-'));
  rendition = await numberedRendition(fixtures);
  video = await readyVideo(t, 'cutcoach', { title: 'Numbered', durationSec: 10, file: rendition });
});
afterAll(async () => {
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

/** Frames first..first+count-1, as the frame-number pattern shows them. */
const frames = (first: number, count: number) => Array.from({ length: count }, (_, i) => (first + i) % 256);

async function makeClip(timestamp: number, duration: number) {
  const res = await call(t, 'POST', `/api/user/videos/${video.key}/clips`, owner.headers, { timestamp, duration });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; clip_id: number; reel_id: string };
}

const chunk = async (clipId: number) => {
  const res = await call(t, 'GET', `/api/user/clips/${video.key}/${clipId}/chunk`, owner.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().source as string;
};

const clipRow = async (id: string) =>
  (await t.sql<{ status: string; file_key: string | null; poster_key: string | null }>(`SELECT status, file_key, poster_key FROM clips WHERE id = $1`, [id]))[0];

describe('the cut-clip job', () => {
  it('cuts the clip\'s own file starting on the requested frame and lasting the requested time; the chunk then plays it', async () => {
    const clip = await makeClip(3.2, 3);
    expect(await chunk(clip.clip_id)).toMatch(/#t=3\.2,6\.2$/);

    await runJob(cutClipJob, { clipId: clip._id }, jobContext(t));

    const row = await clipRow(clip._id);
    expect(row).toMatchObject({ status: 'ready' });
    expect(row!.file_key).toMatch(new RegExp(`^demo/videos/${video.key}/clips/${clip._id}/[0-9a-f-]{36}/clip\\.mp4$`));
    const probed = await probeStored(t.runtime.storage, row!.file_key!);
    expect(Math.abs(probed.durationSec - 3)).toBeLessThanOrEqual(1 / FPS);
    const file = (await t.runtime.storage.localPath!(row!.file_key!))!;
    // Frame 80 (3.2 s) first, 75 frames: re-encoded up to the keyframe at frame 100, copied after it.
    expect(await decodedFrameNumbers(file)).toEqual(frames(80, 75));
    expect(await firstFramePsnr(file, rendition, 3.2, FPS)).toBeGreaterThanOrEqual(40);
    expect(await decodedFrameNumbers((await t.runtime.storage.localPath!(row!.poster_key!))!)).toEqual([80]);

    const source = await chunk(clip.clip_id);
    expect(source).not.toContain('#');
    const media = await t.app.inject({ method: 'GET', url: new URL(source).pathname + new URL(source).search });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp4');
    const listed = (await call(t, 'GET', '/api/user/clips', owner.headers)).json().items.find((c: { _id: string }) => c._id === clip._id);
    expect(listed.poster).toEqual(expect.any(String));
    expect(await readdir(clipCutTempRoot(t.config.dataDir))).toEqual([]);

    // A second run (a retry after the first one's answer was lost) finds it cut and stores nothing more.
    await runJob(cutClipJob, { clipId: clip._id }, jobContext(t));
    expect(await objectsUnder(t, `demo/videos/${video.key}/clips/${clip._id}/`)).toHaveLength(2);
  });

  it('a clip deleted while it is cut keeps nothing of the cut', async () => {
    const clip = await makeClip(1, 2);
    // The clip is deleted (as DELETE does it) the moment the cut has its file and is storing it.
    const storage = Object.create(t.runtime.storage) as Storage;
    let deleted = false;
    storage.putFile = async (key, file, options) => {
      if (!deleted) {
        deleted = true;
        const res = await call(t, 'DELETE', `/api/user/clips/${clip._id}`, owner.headers);
        expect(res.statusCode, res.body).toBe(204);
      }
      return t.runtime.storage.putFile(key, file, options);
    };
    await runJob(cutClipJob, { clipId: clip._id }, jobContext(t, { storage }));
    expect(deleted).toBe(true);
    expect(await clipRow(clip._id)).toBeUndefined();
    expect(await objectsUnder(t, `demo/videos/${video.key}/clips/${clip._id}/`)).toEqual([]);
  });

  it('a failing cut throws for a retry, and its last attempt leaves the clip failed but playable from its source', async () => {
    const clip = await makeClip(2, 2);
    await t.sql(`UPDATE clips SET source_key = 'demo/videos/missing/low.mp4' WHERE id = $1`, [clip._id]);
    await expect(runJob(cutClipJob, { clipId: clip._id }, jobContext(t, { retryCount: 0 }))).rejects.toThrow();
    expect(await clipRow(clip._id)).toMatchObject({ status: 'cutting', file_key: null });
    await expect(runJob(cutClipJob, { clipId: clip._id }, jobContext(t, { retryCount: 4 }))).rejects.toThrow();
    expect(await clipRow(clip._id)).toMatchObject({ status: 'failed', file_key: null });
    expect(await chunk(clip.clip_id)).toMatch(/#t=2,4$/);
  });

  it('runs in the worker: a posted clip is cut through the job queue', async () => {
    await t.runtime.jobs.startWorkers({ db: t.runtime.db, storage: t.runtime.storage, mail: t.runtime.mail.mail, config: t.config, events: t.runtime.events, log: pino({ level: 'silent' }) });
    const clip = await makeClip(4, 2);
    const row = await waitFor(async () => {
      const r = await clipRow(clip._id);
      return r?.status !== 'cutting' && r;
    }, 60_000, 'the clip to be cut');
    expect(row).toMatchObject({ status: 'ready' });
    expect(await decodedFrameNumbers((await t.runtime.storage.localPath!(row.file_key!))!)).toEqual(frames(100, 50));
    await waitFor(async () => {
      const [job] = await t.sql<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'cut-clip' AND data->>'clipId' = $1`, [clip._id]);
      return job?.state === 'completed';
    }, 30_000, 'the job to complete');
  });
});
