import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClip } from '@app/media/test-clip';
import { childrenNamed, hasEnded, workerProcesses } from '../helpers/server-process';
import { probeStored, waitFor } from '../transcode/helpers';
import { call, coach, readyVideo, videosApp, type Person, type TeamsApp } from './helpers';

/*
 * kill -9 of a real worker process (`apps/server/dist/worker.js`) in the middle of a clip's cut,
 * then a new worker: the job is retried as soon as the dead run's heartbeat is stale (not at
 * pg-boss's 15-minute expiry) and the clip ends ready.
 */
// Long enough that a live run on a loaded CI machine never looks dead.
const STALE_SECONDS = 8;
const CLIP_SECONDS = 60;

let t: TeamsApp;
let owner: Person;
let fixtures: string;
const workers = workerProcesses(() => ({ DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir, TRANSCODE_STALE_SECONDS: String(STALE_SECONDS) }));

beforeAll(async () => {
  // The test process only posts the clip; the workers are separate processes.
  t = await videosApp({ TRANSCODE_STALE_SECONDS: String(STALE_SECONDS) });
  owner = await coach(t, 'crashcutter', 'Crashers');
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'cut-crash-'));
});
afterAll(async () => {
  workers.killAll();
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

const clipRow = async (id: string) =>
  (await t.sql<{ status: string; file_key: string | null }>(`SELECT status, file_key FROM clips WHERE id = $1`, [id]))[0]!;
const cutJob = async (clipId: string) =>
  (await t.sql<{ id: string; state: string; retryCount: number }>(
    `SELECT id, state, retry_count AS "retryCount" FROM pgboss.job WHERE name = 'cut-clip' AND data->>'clipId' = $1`,
    [clipId],
  ))[0]!;

describe('a worker killed mid-cut', () => {
  it('has its cut retried once its heartbeat is stale, and the clip ends ready', { timeout: 300_000 }, async () => {
    // Not one of our renditions (x264 ultrafast is not High profile): the whole clip is encoded, seconds of ffmpeg.
    const file = path.join(fixtures, 'game.mp4');
    await createTestClip(file, { durationSec: CLIP_SECONDS + 2, width: 640, height: 360, fps: 30 });
    const video = await readyVideo(t, 'crashcutter', { durationSec: CLIP_SECONDS + 2, file });
    const res = await call(t, 'POST', `/api/user/videos/${video.key}/clips`, owner.headers, { timestamp: 1, duration: CLIP_SECONDS });
    expect(res.statusCode, res.body).toBe(201);
    const clipId = (res.json() as { _id: string })._id;

    const first = workers.start();
    await waitFor(
      async () => {
        if (first.child.exitCode !== null) throw new Error(`worker exited:\n${first.output()}`);
        return (await cutJob(clipId)).state === 'active' && childrenNamed(first.child.pid!, 'ffmpeg').length > 0;
      },
      120_000,
      'the first worker to be cutting, with ffmpeg running',
    );
    const job = await cutJob(clipId);
    expect(await t.sql(`SELECT queue FROM job_heartbeats WHERE job_id = $1`, [job.id])).toEqual([{ queue: 'cut-clip' }]);
    const encoders = childrenNamed(first.child.pid!, 'ffmpeg');
    // The worker alone, as `kill -9 <pid>` or the OOM killer does.
    process.kill(first.child.pid!, 'SIGKILL');
    await first.exited;
    await waitFor(async () => encoders.every(hasEnded), 10_000, 'its ffmpeg to die with it');
    expect(await clipRow(clipId)).toMatchObject({ status: 'cutting', file_key: null });
    expect(await cutJob(clipId)).toMatchObject({ state: 'active', retryCount: 0 });

    // Let the heartbeat go stale, as it would while the machine restarts.
    await waitFor(
      async () => (await t.sql(`SELECT 1 FROM job_heartbeats WHERE job_id = $1 AND beat_at < now() - make_interval(secs => $2)`, [job.id, STALE_SECONDS + 1])).length === 1,
      30_000,
      'the heartbeat to go stale',
    );

    // The new worker's reaper pass (at its start) hands the job back at once; pg-boss alone would wait 15 minutes.
    const second = workers.start();
    const row = await waitFor(
      async () => {
        if (second.child.exitCode !== null) throw new Error(`worker exited:\n${second.output()}`);
        const r = await clipRow(clipId);
        return r.status !== 'cutting' && r;
      },
      180_000,
      'the second worker to cut the clip',
    );
    expect(row, second.output()).toMatchObject({ status: 'ready' });
    expect((await probeStored(t.runtime.storage, row.file_key!)).durationSec).toBeCloseTo(CLIP_SECONDS, 0);
    await waitFor(async () => (await cutJob(clipId)).state === 'completed', 30_000, 'the job to complete');
    expect(await cutJob(clipId)).toMatchObject({ state: 'completed', retryCount: 1 });
    // The finished run removed its heartbeat; the dead run's was dropped when its job was retried.
    expect(await t.sql(`SELECT 1 FROM job_heartbeats WHERE job_id = $1`, [job.id])).toEqual([]);

    process.kill(second.child.pid!, 'SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
