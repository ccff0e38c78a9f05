import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedTestClip } from '../../../../packages/media/test/helpers/fixture-cache';
import { transcodeTempRoot } from '../../src/modules/videos/transcode/outputs';
import { childrenNamed, hasEnded, processesMentioning, workerProcesses } from '../helpers/server-process';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertVideo, outputObjects, owner, pointedKeys, probeStored, videoRow, waitFor } from './helpers';

/*
 * kill -9 of a real worker process (`apps/server/dist/worker.js`, built by the global setup, as
 * media nodes run it) in the middle of a transcode, then a new worker: the worker's ffmpeg dies
 * with it, the job is retried and finishes with the full result; nothing half-written is ever
 * pointed at; temp files go.
 */
// Long enough that a live attempt on a loaded CI machine (parallel test files, ffmpeg on both cores) never looks dead.
const STALE_SECONDS = 8;

let t: TestApp;
let fixtures: string;
const workers = workerProcesses(() => ({ DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir, TRANSCODE_STALE_SECONDS: String(STALE_SECONDS) }));

beforeAll(async () => {
  // The test process only inserts rows and enqueues; the workers are separate processes.
  t = await createTestApp({ WORKERS: '0', TRANSCODE_STALE_SECONDS: String(STALE_SECONDS) });
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'crash-fixtures-'));
});
afterAll(async () => {
  workers.killAll();
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

describe('a worker killed mid-transcode', () => {
  it('leaves the job to be retried by the next worker, which finishes with the same result', { timeout: 300_000 }, async () => {
    const file = path.join(fixtures, 'game.mp4');
    await cachedTestClip(file, { durationSec: 24, width: 1280, height: 720, fps: 30 });
    const videoId = await insertVideo(t, await owner(t), file);
    const jobId = (await t.runtime.jobs.send('transcode-video', { videoId }))!;

    const first = workers.start();
    // Mid-transcode: the preview is playable, the renditions are being encoded.
    const during = await waitFor(
      async () => {
        if (first.child.exitCode !== null) throw new Error(`worker exited:\n${first.output()}`);
        const row = await videoRow(t, videoId);
        return row.renditions.preview && row.progress > 5 && !row.renditions.full && childrenNamed(first.child.pid!, 'ffmpeg').length > 0 && row;
      },
      120_000,
      'the first worker to be in the middle of the renditions, with ffmpeg running',
    );
    const killedAttempt = during.attemptId!;
    expect(await readdir(transcodeTempRoot(t.config.dataDir))).toContain(`${videoId}-${killedAttempt}`);
    const encoders = childrenNamed(first.child.pid!, 'ffmpeg');
    expect(encoders).not.toEqual([]);
    // The worker alone, as `kill -9 <pid>` or the OOM killer does: no process group takes ffmpeg along.
    process.kill(first.child.pid!, 'SIGKILL');
    await first.exited;
    // Without its parent-death signal, ffmpeg encoded on for a minute into the dead attempt's scratch directory.
    await waitFor(async () => encoders.every(hasEnded), 10_000, 'its ffmpeg to die with it');
    expect(processesMentioning(killedAttempt)).toEqual([]);

    // Nothing finished: still processing, the job still active, every pointer at a whole object.
    const afterKill = await videoRow(t, videoId);
    expect(afterKill.status).toBe('processing');
    for (const r of Object.values(afterKill.renditions)) expect((await t.runtime.storage.head(r!.key))?.size).toBe(r!.size);
    for (const key of pointedKeys(afterKill)) expect(await t.runtime.storage.head(key)).not.toBeNull();
    const { rows: before } = await t.runtime.db.$client.query(`SELECT state FROM pgboss.job WHERE id = $1`, [jobId]);
    expect(before[0].state).toBe('active');
    // The killed attempt's temp files are still on disk until a new attempt sweeps them.
    expect(await readdir(transcodeTempRoot(t.config.dataDir))).toContain(`${videoId}-${killedAttempt}`);

    // Let the heartbeat go stale, as it would while the machine restarts.
    await waitFor(async () => (await videoRow(t, videoId)).heartbeatAt!.getTime() < Date.now() - (STALE_SECONDS + 1) * 1000, 20_000, 'stale');

    const second = workers.start();
    const row = await waitFor(
      async () => {
        if (second.child.exitCode !== null) throw new Error(`worker exited:\n${second.output()}`);
        const r = await videoRow(t, videoId);
        return r.status !== 'processing' && r;
      },
      240_000,
      'the second worker to finish the video',
    );
    expect(row, second.output()).toMatchObject({ status: 'ready', progress: 100, failureReason: null, width: 1280, height: 720 });
    expect(row.attemptId).not.toBe(killedAttempt);
    expect(row.renditions.preview).toEqual(afterKill.renditions.preview); // finished work is kept
    expect(row.renditions.low).toMatchObject({ width: 640, height: 360 });
    expect(row.renditions.full).toMatchObject({ width: 1280, height: 720 });
    expect(row.posterKey).not.toBeNull();
    expect(row.storyboard).toMatchObject({ intervalSec: 2, count: 12 });
    for (const name of ['low', 'full'] as const) {
      const info = await probeStored(t.runtime.storage, row.renditions[name]!.key);
      expect(info.durationSec).toBeCloseTo(24, 0);
    }
    // Only what the row points at is stored.
    expect((await outputObjects(t.runtime.storage, row)).sort()).toEqual(pointedKeys(row).sort());
    // The row is ready before the attempt cleans up after itself; the job completes once it has.
    const job = async () =>
      (await t.runtime.db.$client.query(`SELECT state, retry_count AS "retryCount" FROM pgboss.job WHERE id = $1`, [jobId])).rows[0];
    await waitFor(async () => (await job()).state === 'completed', 30_000, 'the job to complete');
    expect(await job()).toMatchObject({ state: 'completed', retryCount: 1 });
    // Both attempts' temp dirs are gone: the killed one's swept, the second's removed when it finished.
    expect(await readdir(transcodeTempRoot(t.config.dataDir))).toEqual([]);

    process.kill(second.child.pid!, 'SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
