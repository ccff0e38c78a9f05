import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedTestClip } from '../../../../packages/media/test/helpers/fixture-cache';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertVideo, owner, pointedKeys, tempDirs, videoRow, waitFor } from './helpers';

let t: TestApp;
let ownerId: number;
let fixtures: string;
let file: string;

beforeAll(async () => {
  t = await createTestApp({ WORKERS: '1', TRANSCODE_STALE_SECONDS: '3' });
  ownerId = await owner(t);
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'queue-fixtures-'));
  file = path.join(fixtures, 'clip.mp4');
  await cachedTestClip(file, { durationSec: 2, width: 640, height: 480 });
});
afterAll(async () => {
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

const sql = (text: string, params: unknown[] = []) => t.runtime.db.$client.query(text, params);

describe('transcode-video through the job queue', () => {
  it('an enqueued video becomes ready in the in-process worker; the job completes', async () => {
    const videoId = await insertVideo(t, ownerId, file);
    const jobId = await t.runtime.jobs.send('transcode-video', { videoId });
    const row = await waitFor(async () => {
      const r = await videoRow(t, videoId);
      return r.status !== 'processing' && r;
    }, 60_000, 'ready');
    expect(row).toMatchObject({ status: 'ready', progress: 100, jobId });
    for (const key of pointedKeys(row)) expect(await t.runtime.storage.head(key)).not.toBeNull();
    const job = await waitFor(async () => {
      const { rows } = await sql(`SELECT state FROM pgboss.job WHERE id = $1`, [jobId]);
      return rows[0]?.state === 'completed' && rows[0];
    }, 10_000, 'job completed');
    expect(job.state).toBe('completed');
  });

  it('a job left active by a dead worker is reaped and finished at once, not at its expiry', async () => {
    const videoId = await insertVideo(t, ownerId, file);
    // What a worker killed mid-transcode leaves: an active job, a stale heartbeat, a half-written temp dir.
    const jobId = (await t.runtime.jobs.send('transcode-video', { videoId }, { startAfter: 3600 }))!;
    await sql(`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute' WHERE id = $1`, [jobId]);
    await sql(`UPDATE videos SET job_id = $2, attempt_id = 'dead-attempt', heartbeat_at = now() - interval '1 minute' WHERE id = $1`, [videoId, jobId]);

    await t.runtime.jobs.send('transcode-reaper', {});
    const row = await waitFor(async () => {
      const r = await videoRow(t, videoId);
      return r.status === 'ready' && r;
    }, 60_000, 'ready after reaping');
    expect(row.attemptId).not.toBe('dead-attempt');
    // The video row is written before the queue records completion, so wait for the queue too.
    const job = await waitFor(async () => {
      const { rows } = await sql(`SELECT state, retry_count AS "retryCount" FROM pgboss.job WHERE id = $1`, [jobId]);
      return rows[0]?.state === 'completed' && rows[0];
    }, 10_000, 'job completed');
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(await tempDirs(t)).toEqual([]);
  });
});
