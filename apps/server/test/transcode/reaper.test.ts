import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedTestClip } from '../../../../packages/media/test/helpers/fixture-cache';
import { GENERIC_FAILURE } from '../../src/modules/videos/transcode/failure-reasons';
import { reapStaleTranscodes } from '../../src/modules/videos/transcode/reaper';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertVideo, jobContext, owner, videoRow } from './helpers';

let t: TestApp;
let ownerId: number;
let fixtures: string;
let file: string;

beforeAll(async () => {
  // No workers: the jobs stay exactly in the state a test puts them in.
  t = await createTestApp({ WORKERS: '0', TRANSCODE_STALE_SECONDS: '30' });
  ownerId = await owner(t);
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'reaper-fixtures-'));
  file = path.join(fixtures, 'clip.mp4');
  await cachedTestClip(file, { durationSec: 1, width: 160, height: 120 });
});
afterAll(async () => {
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

const sql = (text: string, params: unknown[] = []) => t.runtime.db.$client.query(text, params);

/**
 * A video whose worker fetched its job and then beat for the last time `heartbeatAgeSec` ago; the
 * job's run started `startedAgeSec` ago (by default just before that last beat).
 */
async function inFlight(heartbeatAgeSec: number, job: { state?: string; lastAttempt?: boolean; startedAgeSec?: number } = {}) {
  const videoId = await insertVideo(t, ownerId, file);
  const jobId = (await t.runtime.jobs.send('transcode-video', { videoId }))!;
  await sql(
    `UPDATE pgboss.job SET state = $2::pgboss.job_state, started_on = now() - make_interval(secs => $4),
       retry_count = CASE WHEN $3 THEN retry_limit ELSE 0 END WHERE id = $1`,
    [jobId, job.state ?? 'active', job.lastAttempt ?? false, job.startedAgeSec ?? heartbeatAgeSec + 1],
  );
  await sql(`UPDATE videos SET job_id = $2, attempt_id = 'a1', heartbeat_at = now() - make_interval(secs => $3) WHERE id = $1`, [
    videoId,
    jobId,
    heartbeatAgeSec,
  ]);
  return { videoId, jobId };
}

async function jobOf(jobId: string) {
  const { rows } = await sql(`SELECT state, retry_count AS "retryCount", start_after <= now() AS "due" FROM pgboss.job WHERE id = $1`, [jobId]);
  return rows[0] as { state: string; retryCount: number; due: boolean };
}

const reap = () => reapStaleTranscodes(jobContext(t));

describe('stale-heartbeat reaper', () => {
  it('fails the active job of a dead worker through pg-boss so it is retried now', async () => {
    const { videoId, jobId } = await inFlight(300);
    const result = await reap();
    expect(result.retried).toContain(videoId);
    expect(await jobOf(jobId)).toMatchObject({ state: 'retry', due: true });
    expect((await videoRow(t, videoId)).status).toBe('processing');
    // Already queued again: a second pass leaves it alone.
    expect((await reap()).retried).not.toContain(videoId);
  });

  it('leaves a job alone while its worker beats', async () => {
    const { videoId, jobId } = await inFlight(5);
    const result = await reap();
    expect(result.retried).not.toContain(videoId);
    expect((await jobOf(jobId)).state).toBe('active');
  });

  it('leaves a job alone whose new run started after the last beat, until that run had time to beat', async () => {
    // The crash test's race: a retry is already running again (another reaper pass failed it), but its
    // attempt has not claimed the video yet, so the heartbeat is still the dead attempt's.
    const starting = await inFlight(300, { startedAgeSec: 2 });
    expect((await reap()).retried).not.toContain(starting.videoId);
    expect(await jobOf(starting.jobId)).toMatchObject({ state: 'active', retryCount: 0 });
    // A run that started after the last beat but never beat within the stale time died too.
    const died = await inFlight(300, { startedAgeSec: 31 });
    expect((await reap()).retried).toContain(died.videoId);
    expect((await jobOf(died.jobId)).state).toBe('retry');
  });

  it('marks the video failed when its last attempt died', async () => {
    const { videoId, jobId } = await inFlight(300, { lastAttempt: true });
    const result = await reap();
    expect(result.failed).toContain(videoId);
    expect((await jobOf(jobId)).state).toBe('failed');
    expect(await videoRow(t, videoId)).toMatchObject({ status: 'failed', failureReason: GENERIC_FAILURE });
  });

  it('marks the video failed when its job is gone', async () => {
    const { videoId, jobId } = await inFlight(300);
    await sql(`DELETE FROM pgboss.job WHERE id = $1`, [jobId]);
    expect((await reap()).failed).toContain(videoId);
    expect((await videoRow(t, videoId)).failureReason).toBe(GENERIC_FAILURE);
  });

  it('leaves a job that waits for its retry alone', async () => {
    const { videoId, jobId } = await inFlight(300, { state: 'retry' });
    const result = await reap();
    expect([...result.retried, ...result.failed]).not.toContain(videoId);
    expect((await jobOf(jobId)).state).toBe('retry');
    expect((await videoRow(t, videoId)).status).toBe('processing');
  });

  it('is safe when several workers reap at once: the job is failed once', async () => {
    const { videoId, jobId } = await inFlight(300);
    const results = await Promise.all([reap(), reap(), reap()]);
    expect(results.flatMap((r) => r.retried).filter((id) => id === videoId)).toHaveLength(1);
    expect(await jobOf(jobId)).toMatchObject({ state: 'retry', retryCount: 0 });
  });

  it('registers a schedule every minute', async () => {
    const { rows } = await sql(`SELECT cron FROM pgboss.schedule WHERE name = 'transcode-reaper'`);
    expect(rows).toEqual([{ cron: '* * * * *' }]);
  });

  it('a video nobody claimed yet is not stale', async () => {
    const videoId = await insertVideo(t, ownerId, file);
    await t.runtime.jobs.send('transcode-video', { videoId });
    const result = await reap();
    expect([...result.retried, ...result.failed]).not.toContain(videoId);
    expect((await videoRow(t, videoId)).jobId).toBeNull();
  });
});
