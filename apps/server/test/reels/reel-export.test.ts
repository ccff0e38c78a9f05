import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { cachedTestClip } from '../../../../packages/media/test/helpers/fixture-cache';
import type { Storage } from '../../src/storage/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutClipJob } from '../../src/modules/clips/cut-clip.job';
import { exportReelJob } from '../../src/modules/reels/export-reel.job';
import { reelExportTempRoot } from '../../src/modules/reels/reel-exporter';
import { jobContext, probeStored, rate, runJob, waitFor } from '../transcode/helpers';
import {
  athlete,
  call,
  coach,
  expectError,
  joinTeam,
  numberedRendition,
  objectsUnder,
  pathOf,
  person,
  readyVideo,
  videosApp,
  type Person,
  type TeamsApp,
} from '../clips/helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let outsider: Person;
let eagle: Person;
let fixtures: string;
/** A clip of a 320x240 video with sound (cut to its own file), and one of a 480x270 video without sound (still playing from its source). */
let small: { _id: string; clip_id: number; stream_id: string };
let large: { _id: string; clip_id: number; stream_id: string };

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'expcoach', 'Exporters');
  mate = await athlete(t, 'expmate');
  outsider = await athlete(t, 'expoutsider');
  eagle = await person(t, 'expeagle', { type: 'team', other: true });
  await joinTeam(t, 'expcoach', 'expmate');
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'reel-export-'));
  const silent = path.join(fixtures, 'silent.mp4');
  await cachedTestClip(silent, { durationSec: 4, width: 480, height: 270, fps: 30, audio: false });
  const withSound = await readyVideo(t, 'expcoach', { title: 'Home', durationSec: 10, file: await numberedRendition(fixtures) });
  const withoutSound = await readyVideo(t, 'expcoach', { title: 'Away', durationSec: 4, file: silent });
  small = await clip(withSound.key, 1, 2);
  large = await clip(withoutSound.key, 0.5, 2);
  await runJob(cutClipJob, { clipId: small._id }, jobContext(t));
});
afterAll(async () => {
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

async function clip(key: string, timestamp: number, duration: number) {
  const res = await call(t, 'POST', `/api/user/videos/${key}/clips`, owner.headers, { timestamp, duration });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; clip_id: number; stream_id: string };
}

/** A reel of 1.5 s of each clip: the cut one from its own file, the other from its source. */
async function twoGameReel(title = 'Two games: home & away!'): Promise<string> {
  const made = await call(t, 'POST', `/api/user/reels/${small.stream_id}`, owner.headers, { clips: [small.clip_id] });
  expect(made.statusCode, made.body).toBe(201);
  const reelId = made.json().reelId as string;
  const saved = await save(reelId, title);
  expect(saved.statusCode, saved.body).toBe(200);
  return reelId;
}

const save = (reelId: string, title: string) =>
  call(t, 'PUT', `/api/user/reels/${reelId}`, owner.headers, {
    title,
    shared: true,
    chunks: [
      { clip: small._id, in: 0.5, out: 2 },
      { clip: large._id, in: 0, out: 1.5 },
    ],
  });

const start = (who: Person | null, reelId: string) => call(t, 'POST', `/api/user/reels/${reelId}/export`, who?.headers ?? {});
const status = (who: Person | null, reelId: string) => call(t, 'GET', `/api/user/reels/${reelId}/export`, who?.headers ?? {});
const exportRow = async (reelId: string) =>
  (await t.sql<{ job_id: string; status: string; progress: number; file_key: string | null; failure_reason: string | null }>(`SELECT * FROM reel_exports WHERE reel_id = $1`, [reelId]))[0];
const jobsOf = async (reelId: string) => t.sql<{ id: string; state: string }>(`SELECT id, state FROM pgboss.job WHERE name = 'export-reel' AND data->>'reelId' = $1`, [reelId]);
/** Runs the reel's queued job here, as a worker would. */
const runExport = async (reelId: string, retryCount = 0) => runJob(exportReelJob, { reelId }, jobContext(t, { jobId: (await exportRow(reelId))!.job_id, retryCount }));
const exportPrefix = (reelId: string) => `demo/reels/${reelId}/export/`;

describe('reel export', () => {
  it('makes one MP4 of clips of different sizes, one with and one without sound: one resolution, audio throughout, the summed duration; its URL downloads it', async () => {
    const reelId = await twoGameReel();
    expect((await status(owner, reelId)).json()).toEqual({ status: 'none', progress: 0, url: null, failureReason: null });

    const started = await start(owner, reelId);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toEqual({ status: 'queued', progress: 0, url: null, failureReason: null });
    // Asking again answers the export under way instead of starting another.
    expect((await start(owner, reelId)).json()).toMatchObject({ status: 'queued' });
    const jobs = await jobsOf(reelId);
    expect(jobs).toEqual([{ id: (await exportRow(reelId))!.job_id, state: 'created' }]);
    // Its time limit (when a dead worker's job is retried) is sized to the 3 s reel: 3 x 3 s + 10 min.
    expect((await t.sql<{ s: number }>(`SELECT extract(epoch FROM expire_in)::int AS s FROM pgboss.job WHERE id = $1`, [jobs[0]!.id]))[0]!.s).toBe(609);

    await runExport(reelId);

    const ready = await status(owner, reelId);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', progress: 100, url: expect.any(String), failureReason: null });
    const row = (await exportRow(reelId))!;
    expect(row.file_key).toMatch(new RegExp(`^${exportPrefix(reelId)}[0-9a-f-]{36}/reel\\.mp4$`));
    const probed = await probeStored(t.runtime.storage, row.file_key!);
    const video = probed.streams.filter((s) => s.codec_type === 'video');
    const audio = probed.streams.filter((s) => s.codec_type === 'audio');
    expect(video).toHaveLength(1);
    expect(audio).toHaveLength(1);
    // The larger clip's size; the smaller one is fitted into it.
    expect([video[0]!.width, video[0]!.height]).toEqual([480, 270]);
    expect(rate(video[0]!.avg_frame_rate)).toBe(30);
    expect(Math.abs(probed.durationSec - 3)).toBeLessThanOrEqual(0.1);

    const download = await t.app.inject({ method: 'GET', url: pathOf(ready.json().url) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Two games home away.mp4"');
    expect(download.rawPayload.length).toBe((await t.runtime.storage.head(row.file_key!))!.size);
    expect(await readdir(reelExportTempRoot(t.config.dataDir))).toEqual([]);

    // A second run of the job (a retry after its answer was lost) changes nothing.
    await runExport(reelId);
    expect(await objectsUnder(t, exportPrefix(reelId))).toEqual([row.file_key]);
  });

  it('saving the reel discards its export (row and file): back to none, the old link dead; a new export starts afresh', async () => {
    const reelId = await twoGameReel();
    await start(owner, reelId);
    await runExport(reelId);
    const { url } = (await status(owner, reelId)).json();
    expect(await objectsUnder(t, exportPrefix(reelId))).toHaveLength(1);

    expect((await save(reelId, 'Renamed')).statusCode).toBe(200);

    expect((await status(owner, reelId)).json()).toEqual({ status: 'none', progress: 0, url: null, failureReason: null });
    expect(await objectsUnder(t, exportPrefix(reelId))).toEqual([]);
    expectError(await t.app.inject({ method: 'GET', url: pathOf(url) }), 404);
    expect((await start(owner, reelId)).json()).toMatchObject({ status: 'queued' });
  });

  it('a save while the export runs leaves nothing of that run, and its pending job is cancelled', async () => {
    const reelId = await twoGameReel();
    await start(owner, reelId);
    const { job_id: jobId } = (await exportRow(reelId))!;
    expect((await save(reelId, 'Changed')).statusCode).toBe(200);
    expect(await jobsOf(reelId)).toEqual([{ id: jobId, state: 'cancelled' }]);
    await runJob(exportReelJob, { reelId }, jobContext(t, { jobId }));
    expect(await exportRow(reelId)).toBeUndefined();
    expect(await objectsUnder(t, exportPrefix(reelId))).toEqual([]);
  });

  it('a save while the job encodes stops it, and it stores nothing', async () => {
    const reelId = await twoGameReel();
    await start(owner, reelId);
    // The reel is saved (as PUT does it) the moment the job has started and reads its first input.
    const storage = Object.create(t.runtime.storage) as Storage;
    let saved = false;
    storage.localPath = async (key) => {
      if (!saved) {
        saved = true;
        expect((await exportRow(reelId))!.status).toBe('running');
        expect((await save(reelId, 'Saved meanwhile')).statusCode).toBe(200);
      }
      return t.runtime.storage.localPath!(key);
    };
    await runJob(exportReelJob, { reelId }, jobContext(t, { storage, jobId: (await exportRow(reelId))!.job_id }));
    expect(saved).toBe(true);
    expect(await exportRow(reelId)).toBeUndefined();
    expect(await objectsUnder(t, exportPrefix(reelId))).toEqual([]);
    expect(await readdir(reelExportTempRoot(t.config.dataDir))).toEqual([]);
  });

  it('deleting the reel, or a clip it plays, discards its export file', async () => {
    const reelId = await twoGameReel();
    await start(owner, reelId);
    await runExport(reelId);
    expect((await call(t, 'DELETE', `/api/user/reels/${reelId}`, owner.headers)).statusCode).toBe(204);
    expect(await objectsUnder(t, exportPrefix(reelId))).toEqual([]);

    const doomed = await clip(large.stream_id, 2, 1);
    const made = await call(t, 'POST', `/api/user/reels/${large.stream_id}`, owner.headers, { clips: [large.clip_id, doomed.clip_id] });
    const other = made.json().reelId as string;
    await start(owner, other);
    await runExport(other);
    expect((await status(owner, other)).json().status).toBe('ready');
    expect((await call(t, 'DELETE', `/api/user/clips/${doomed._id}`, owner.headers)).statusCode).toBe(204);
    expect((await status(owner, other)).json().status).toBe('none');
    expect(await objectsUnder(t, exportPrefix(other))).toEqual([]);
  });

  it('deleting a video discards the exports of reels that play its clips', async () => {
    const extra = await readyVideo(t, 'expcoach', { title: 'Scrimmage', durationSec: 4, file: path.join(fixtures, 'silent.mp4') });
    const doomed = await clip(extra.key, 1, 1);
    const reelId = await twoGameReel();
    const saved = await call(t, 'PUT', `/api/user/reels/${reelId}`, owner.headers, {
      title: null,
      shared: true,
      chunks: [{ clip: large._id, in: 0, out: 1 }, { clip: doomed._id, in: 0, out: 1 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await start(owner, reelId);
    await runExport(reelId);
    expect(await objectsUnder(t, exportPrefix(reelId))).toHaveLength(1);
    expect((await call(t, 'DELETE', `/api/user/videos/${extra.key}`, owner.headers)).statusCode).toBe(204);
    expect((await status(owner, reelId)).json().status).toBe('none');
    expect(await objectsUnder(t, exportPrefix(reelId))).toEqual([]);
  });

  it('a failing export is retried, and its last attempt says why; asking again starts a new one', async () => {
    const gone = await clip(large.stream_id, 1, 1);
    const made = await call(t, 'POST', `/api/user/reels/${large.stream_id}`, owner.headers, { clips: [gone.clip_id] });
    const reelId = made.json().reelId as string;
    await t.sql(`UPDATE clips SET source_key = 'demo/videos/missing/low.mp4' WHERE id = $1`, [gone._id]);
    await start(owner, reelId);

    // A killed attempt of the job left files behind; the retry removes them.
    const leftover = path.join(reelExportTempRoot(t.config.dataDir), (await exportRow(reelId))!.job_id);
    await mkdir(leftover, { recursive: true });
    await writeFile(path.join(leftover, 'input-0.mp4'), 'half a download');
    await expect(runExport(reelId, 0)).rejects.toThrow();
    expect(await readdir(reelExportTempRoot(t.config.dataDir))).toEqual([]);
    expect((await status(owner, reelId)).json()).toEqual({ status: 'queued', progress: 0, url: null, failureReason: null });
    await expect(runExport(reelId, 4)).rejects.toThrow();
    expect((await status(owner, reelId)).json()).toEqual({ status: 'failed', progress: 0, url: null, failureReason: 'A clip of this reel is no longer stored.' });
    expect(await objectsUnder(t, exportPrefix(reelId))).toEqual([]);

    const failedJob = (await exportRow(reelId))!.job_id;
    expect((await start(owner, reelId)).json()).toMatchObject({ status: 'queued', failureReason: null });
    expect((await exportRow(reelId))!.job_id).not.toBe(failedJob);
  });

  it('is the maker\'s only: a teammate, an outsider, another tenant and an unknown reel get 404, no token 401, and nothing starts', async () => {
    const reelId = await twoGameReel();
    for (const who of [mate, outsider, eagle]) {
      expectError(await start(who, reelId), 404, 'Reel not found.');
      expectError(await status(who, reelId), 404, 'Reel not found.');
    }
    expectError(await start(owner, 'AAAAAAAAAAAAAAAAAAAAAAAA'), 404, 'Reel not found.');
    expectError(await start(null, reelId), 401);
    expectError(await status(null, reelId), 401);
    expect(await exportRow(reelId)).toBeUndefined();
    expect(await jobsOf(reelId)).toEqual([]);
  });

  it('runs in the worker: a started export becomes ready through the job queue', async () => {
    await t.runtime.jobs.startWorkers({ db: t.runtime.db, storage: t.runtime.storage, mail: t.runtime.mail.mail, config: t.config, events: t.runtime.events, log: pino({ level: 'silent' }) });
    const reelId = await twoGameReel();
    await start(owner, reelId);
    const done = await waitFor(async () => {
      const body = (await status(owner, reelId)).json();
      return (body.status === 'ready' || body.status === 'failed') && body;
    }, 60_000, 'the export to finish');
    expect(done).toMatchObject({ status: 'ready', progress: 100 });
  });
});
