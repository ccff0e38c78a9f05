import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedTestClip } from '../../../../packages/media/test/helpers/fixture-cache';
import { repeatedKeys, topLevelKeys } from '../helpers/log-lines';
import { startWorkerProcess, type ServerProcess } from '../helpers/server-process';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertVideo, owner, videoRow, waitFor } from './helpers';

/*
 * The log lines a real media node writes (`apps/server/dist/worker.js`, its pino writing to stdout)
 * while its reaper retries a dead worker's transcode and it then transcodes the video itself: every
 * line is read as text, since JSON.parse would hide a key written twice (pino appends child
 * bindings; most log pipelines then drop one of the two values).
 */
let t: TestApp;
let fixtures: string;
let worker: ServerProcess | undefined;

beforeAll(async () => {
  t = await createTestApp({ WORKERS: '0', TRANSCODE_STALE_SECONDS: '30' });
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'worker-logs-'));
});
afterAll(async () => {
  if (worker) {
    try {
      process.kill(-worker.child.pid!, 'SIGKILL');
    } catch {
      // stopped by the test
    }
  }
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

/** A video whose worker died 5 minutes ago in the middle of its job: the reaper's case. */
async function orphanedTranscode(): Promise<{ videoId: string; jobId: string }> {
  const file = path.join(fixtures, 'clip.mp4');
  await cachedTestClip(file, { durationSec: 1, width: 160, height: 120 });
  const videoId = await insertVideo(t, await owner(t), file);
  const jobId = (await t.runtime.jobs.send('transcode-video', { videoId }))!;
  await t.runtime.db.$client.query(`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '301 seconds' WHERE id = $1`, [jobId]);
  await t.runtime.db.$client.query(`UPDATE videos SET job_id = $2, attempt_id = 'dead', heartbeat_at = now() - interval '300 seconds' WHERE id = $1`, [
    videoId,
    jobId,
  ]);
  return { videoId, jobId };
}

describe('worker log lines', () => {
  it('carry each key once, the reaper naming the job it retried apart from its own', { timeout: 120_000 }, async () => {
    const { videoId, jobId } = await orphanedTranscode();
    worker = startWorkerProcess({ DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir, TRANSCODE_STALE_SECONDS: '30' });
    const running = worker;
    // The reaper runs when a worker starts; the retried job then comes back to this worker.
    await waitFor(
      async () => {
        if (running.child.exitCode !== null) throw new Error(`worker exited:\n${running.output()}`);
        return (await videoRow(t, videoId)).status === 'ready';
      },
      90_000,
      'the worker to reap and then transcode the video',
    );
    process.kill(running.child.pid!, 'SIGTERM');
    expect(await running.exited).toBe(0);

    const lines = running.stdout().split('\n').filter(Boolean);
    const entries = lines.map((line) => ({ line, entry: JSON.parse(line) as Record<string, unknown> }));
    for (const { line } of entries) expect(repeatedKeys(line), line).toEqual([]);

    const find = (msg: string) => {
      const found = entries.find(({ entry }) => entry.msg === msg);
      if (!found) throw new Error(`no "${msg}" line in:\n${running.stdout()}`);
      return found;
    };
    expect(topLevelKeys(find('worker started').line)).toContain('component');
    expect(find('worker started').entry.component).toBe('worker');

    const reaped = find('retrying a transcode whose worker died');
    expect(reaped.entry).toMatchObject({ component: 'worker', job: 'transcode-reaper', videoId, transcodeJobId: jobId });
    expect(reaped.entry.jobId).toEqual(expect.any(String));
    expect(reaped.entry.jobId).not.toBe(jobId);

    const ready = find('video ready');
    expect(ready.entry).toMatchObject({ component: 'worker', job: 'transcode-video', jobId, videoId, attempt: 2 });
  });
});

describe('topLevelKeys', () => {
  it('sees a repeated key that JSON.parse hides, at the top level only, and not inside strings', () => {
    const line = String.raw`{"a":1,"b":{"a":2,"c":[{"a":3},"a"]},"s":"x\",\"a\":","a":4}`;
    expect(Object.keys(JSON.parse(line) as object)).toEqual(['a', 'b', 's']);
    expect(topLevelKeys(line)).toEqual(['a', 'b', 's', 'a']);
    expect(repeatedKeys(line)).toEqual(['a']);
  });
});
