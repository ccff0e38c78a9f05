import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseArgs } from '@app/media/args/common';
import { runFfmpeg } from '@app/media/run-ffmpeg';
import type { TestClipOptions } from '@app/media/test-clip';
import { cachedTestClip } from '../../../../packages/media/test/helpers/fixture-cache';
import { GENERIC_FAILURE, MISSING_SOURCE } from '../../src/modules/videos/transcode/failure-reasons';
import { transcodeTempRoot } from '../../src/modules/videos/transcode/outputs';
import { transcodeStoredVideo } from '../../src/modules/videos/transcode/transcode.service';
import type { Storage } from '../../src/storage/storage';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  insertVideo,
  jobContext,
  outputObjects,
  owner,
  pointedKeys,
  probeStored,
  rate,
  tempDirs,
  videoRow,
  type VideoRowView,
} from './helpers';

let t: TestApp;
let ownerId: number;
let fixtures: string;

async function clip(name: string, options: TestClipOptions): Promise<string> {
  const file = path.join(fixtures, name);
  await cachedTestClip(file, { durationSec: 2, width: 320, height: 240, ...options });
  return file;
}

beforeAll(async () => {
  // No in-process workers: these tests run the job handler directly and watch the row.
  t = await createTestApp({ WORKERS: '0' });
  ownerId = await owner(t);
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'transcode-fixtures-'));
});
afterAll(async () => {
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

/** Runs the job for a new video from `file`, sampling the row while it runs. */
async function transcode(file: string, options: { name?: string; storage?: Storage; retryCount?: number; jobId?: string } = {}) {
  const id = await insertVideo(t, ownerId, file, options.name);
  return { id, ...(await rerun(id, options)) };
}

async function rerun(id: string, options: { storage?: Storage; retryCount?: number; jobId?: string } = {}) {
  const samples: VideoRowView[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      samples.push(await videoRow(t, id));
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  try {
    await transcodeStoredVideo(id, jobContext(t, { ...(options.storage ? { storage: options.storage } : {}), retryCount: options.retryCount, jobId: options.jobId }));
  } finally {
    running = false;
    await sampler;
  }
  return { row: await videoRow(t, id), samples };
}

async function expectAllStored(row: VideoRowView) {
  for (const key of pointedKeys(row)) {
    expect(key.startsWith(`demo/videos/${row.id}/renditions/`)).toBe(true);
    expect(await t.runtime.storage.head(key), key).not.toBeNull();
  }
  for (const r of Object.values(row.renditions)) expect((await t.runtime.storage.head(r!.key))?.size).toBe(r!.size);
  // Nothing stored that the row does not point at (outputs of other attempts are cleaned up).
  expect((await outputObjects(t.runtime.storage, row)).sort()).toEqual(pointedKeys(row).sort());
}

describe('transcode-video on good input', () => {
  it('H.264/AAC: preview first, then poster, low, full (no upscale), storyboard, ready at 100%', async () => {
    const file = await clip('match.mp4', { durationSec: 3, width: 640, height: 480 });
    const { row, samples } = await transcode(file);

    expect(row).toMatchObject({ status: 'ready', progress: 100, failureReason: null, width: 640, height: 480 });
    expect(row.durationSec).toBeCloseTo(3, 0);
    // Each playable file carries its frame rate (the player steps frame by frame with it).
    expect(row.renditions.preview).toMatchObject({ width: 640, height: 480, fps: 25 });
    expect(row.renditions.low).toMatchObject({ width: 480, height: 360, fps: 25 });
    expect(row.renditions.full).toMatchObject({ width: 640, height: 480, fps: 25 });
    expect(row.storyboard).toMatchObject({ intervalSec: 2, count: 2, columns: 2, rows: 1, tileWidth: 160, tileHeight: 120 });
    expect(row.playableAt).not.toBeNull();
    expect(row.readyAt!.getTime()).toBeGreaterThanOrEqual(row.playableAt!.getTime());
    await expectAllStored(row);

    // Fast first play: the preview was playable while the renditions were still being made.
    const previewOnly = samples.find((s) => s.renditions.preview && !s.renditions.low);
    expect(previewOnly?.status).toBe('processing');
    expect(previewOnly?.playableAt).not.toBeNull();
    const progress = samples.map((s) => s.progress);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);

    const low = await probeStored(t.runtime.storage, row.renditions.low!.key);
    expect(low.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    const preview = await probeStored(t.runtime.storage, row.renditions.preview!.key);
    expect(preview.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    expect(preview.durationSec).toBeCloseTo(3, 0);
    expect(await tempDirs(t)).toEqual([]);
  });

  it('an MP4 served as video/mp4 is its own preview (nothing copied); the same streams in a .mov are copied', async () => {
    const file = await clip('direct.mp4', { durationSec: 2, width: 640, height: 480 });
    const direct = await insertVideo(t, ownerId, file, 'direct.mp4', 'video/mp4');
    await transcodeStoredVideo(direct, jobContext(t));
    const row = await videoRow(t, direct);
    expect(row.status).toBe('ready');
    expect(row.renditions.preview).toMatchObject({ key: row.sourceKey, width: 640, height: 480 });
    const outputs = await outputObjects(t.runtime.storage, row);
    expect(outputs.some((key) => key.endsWith('/preview.mp4'))).toBe(false);

    const mov = await insertVideo(t, ownerId, file, 'phone.mov', 'video/quicktime');
    await transcodeStoredVideo(mov, jobContext(t));
    const copied = await videoRow(t, mov);
    expect(copied.renditions.preview!.key).toMatch(/\/renditions\/[^/]+\/preview\.mp4$/);
  });

  it('H.264 without audio: preview and a low rendition without audio; no full for a 240p source', async () => {
    const file = await clip('silent.mp4', { audio: false });
    const { row } = await transcode(file);
    expect(row.status).toBe('ready');
    expect(row.renditions.preview).toMatchObject({ width: 320, height: 240 });
    expect(row.renditions.low).toMatchObject({ width: 320, height: 240 });
    expect(row.renditions.full).toBeUndefined();
    const low = await probeStored(t.runtime.storage, row.renditions.low!.key);
    expect(low.streams.map((s) => s.codec_type)).toEqual(['video']);
    await expectAllStored(row);
  });

  it('reads a streamed temp copy when the storage driver keeps no local files (S3)', async () => {
    const file = await clip('remote.mp4', {});
    const downloads: string[] = [];
    const s3Like = new Proxy(t.runtime.storage, {
      get(target, prop, receiver) {
        if (prop === 'localPath') return undefined;
        if (prop === 'downloadToFile') {
          return async (key: string, to: string) => {
            downloads.push(path.basename(to));
            return target.downloadToFile(key, to);
          };
        }
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const { row } = await transcode(file, { storage: s3Like });
    expect(row.status).toBe('ready');
    expect(downloads).toEqual(['source.mp4']);
    await expectAllStored(row);
    expect(await tempDirs(t)).toEqual([]);
  });

  it('a phone clip held upright (rotation 90): upright portrait outputs, no preview copy', async () => {
    const file = await clip('portrait.mp4', { width: 640, height: 480, rotation: 90 });
    const { row } = await transcode(file);
    expect(row).toMatchObject({ status: 'ready', width: 480, height: 640 });
    expect(row.renditions.preview).toBeUndefined();
    expect(row.renditions.low).toMatchObject({ width: 360, height: 480 });
    expect(row.renditions.full).toMatchObject({ width: 480, height: 640 });
    for (const r of [row.renditions.low!, row.renditions.full!]) {
      const info = await probeStored(t.runtime.storage, r.key);
      expect(info.rotation).toBe(0);
      expect(info.streams[0]!.width).toBeLessThan(info.streams[0]!.height!);
    }
    const poster = await probeStored(t.runtime.storage, row.posterKey!);
    expect(poster.streams[0]!.width).toBeLessThan(poster.streams[0]!.height!);
    expect(row.storyboard!.tileHeight).toBeGreaterThan(row.storyboard!.tileWidth);
    expect(row.playableAt).not.toBeNull();
    await expectAllStored(row);
  });

  it('variable frame rate: constant frame rate at the nominal 30 fps', async () => {
    const file = await clip('vfr.mp4', { durationSec: 3, fps: 30, variableFrameRate: true });
    const { row } = await transcode(file);
    expect(row.status).toBe('ready');
    expect(row.renditions.preview).toBeUndefined();
    const low = await probeStored(t.runtime.storage, row.renditions.low!.key);
    const video = low.streams.find((s) => s.codec_type === 'video')!;
    expect(rate(video.avg_frame_rate)).toBeCloseTo(30, 2);
    expect(rate(video.r_frame_rate)).toBeCloseTo(30, 2);
    expect(row.renditions.low!.fps).toBeCloseTo(30, 2);
    expect(low.durationSec).toBeCloseTo(3, 0);
  });

  it('60 fps: full keeps 60, low plays at 30, and each says so', async () => {
    const file = await clip('sixty.mp4', { durationSec: 1, width: 640, height: 480, fps: 60 });
    const { row } = await transcode(file);
    expect(row.status).toBe('ready');
    expect(row.renditions.full!.fps).toBeCloseTo(60, 2);
    expect(row.renditions.low!.fps).toBeCloseTo(30, 2);
  });

  it('VP9/Opus webm: no copy-remux, H.264/AAC renditions', async () => {
    const file = await clip('recording.webm', { container: 'webm' });
    const { row } = await transcode(file);
    expect(row.status).toBe('ready');
    expect(row.renditions.preview).toBeUndefined();
    const low = await probeStored(t.runtime.storage, row.renditions.low!.key);
    expect(low.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    await expectAllStored(row);
  });
});

describe('transcode-video on files that are not playable videos', () => {
  let good: string;
  beforeAll(async () => {
    good = await clip('good.mp4', {});
  });

  async function expectFailed(file: string, reason: string, name?: string) {
    // The job completes (no throw, so no retry) with the video failed and nothing stored for it.
    const { row } = await transcode(file, { name });
    expect(row).toMatchObject({ status: 'failed', failureReason: reason, renditions: {}, posterKey: null, storyboard: null, playableAt: null });
    expect(await outputObjects(t.runtime.storage, row)).toEqual([]);
    expect(await t.runtime.storage.head(row.sourceKey)).not.toBeNull(); // originals are kept
    expect(await tempDirs(t)).toEqual([]);
  }

  it('a text file renamed .mp4', async () => {
    const file = path.join(fixtures, 'notes.mp4');
    await writeFile(file, 'These are my notes about the match.\nSecond half was better.\n');
    await expectFailed(file, 'This file is not a video we can play (no video stream).');
  });

  it('a zero-byte file', async () => {
    const file = path.join(fixtures, 'empty.mp4');
    await writeFile(file, '');
    await expectFailed(file, 'The file is empty.');
  });

  it('an mp4 cut short: only its first kilobyte, and cut in half with the index intact', async () => {
    const bytes = await readFile(good);
    const head = path.join(fixtures, 'head.mp4');
    await writeFile(head, bytes.subarray(0, 1024));
    await expectFailed(head, 'The file is damaged or incomplete.');
    const half = path.join(fixtures, 'half.mp4');
    await writeFile(half, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectFailed(half, 'The file is damaged or incomplete.');
  });

  it('an audio file', async () => {
    const file = await clip('tone.m4a', { video: false });
    await expectFailed(file, 'This is an audio file. Upload a video file.');
  });

  it('a PNG image, also when named .mp4', async () => {
    const file = path.join(fixtures, 'frame.png');
    await runFfmpeg([...baseArgs(), '-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1', '-f', 'image2', '-update', '1', file]);
    await expectFailed(file, 'Images are not videos. Upload a video file.');
    await expectFailed(file, 'Images are not videos. Upload a video file.', 'frame.mp4');
  });

  it('a missing original', async () => {
    const id = await insertVideo(t, ownerId, good);
    await t.runtime.storage.delete((await videoRow(t, id)).sourceKey);
    const { row } = await rerun(id);
    expect(row).toMatchObject({ status: 'failed', failureReason: MISSING_SOURCE });
  });

  it('and nothing else breaks: the next good file is transcoded', async () => {
    const { row } = await transcode(good);
    expect(row.status).toBe('ready');
  });
});

/** Storage whose putFile fails for keys ending in `failOn` (a storage outage in the middle of a job). */
function failingStorage(storage: Storage, failOn: string): Storage {
  return new Proxy(storage, {
    get(target, prop, receiver) {
      if (prop === 'putFile') {
        return async (key: string, file: string, opts: { contentType: string }) => {
          if (key.endsWith(failOn)) throw new Error('storage unavailable');
          return target.putFile(key, file, opts);
        };
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('retries', () => {
  it('an infrastructure error throws for a retry; the retry resumes and ends with the same result', async () => {
    const file = await clip('retry.mp4', { durationSec: 3, width: 640, height: 480 });
    const id = await insertVideo(t, ownerId, file);
    const jobId = randomUUID();
    // A stale temp dir of a killed attempt of this video.
    const stale = path.join(transcodeTempRoot(t.config.dataDir), `${id}-killed-attempt`);
    await mkdir(stale, { recursive: true });
    await writeFile(path.join(stale, 'low.mp4'), 'half-written');

    await expect(transcodeStoredVideo(id, jobContext(t, { jobId, storage: failingStorage(t.runtime.storage, 'full.mp4') }))).rejects.toThrow(
      'storage unavailable',
    );
    const interrupted = await videoRow(t, id);
    expect(interrupted.status).toBe('processing');
    expect(interrupted.renditions.full).toBeUndefined();
    expect(interrupted.renditions.low).toBeDefined();
    for (const key of pointedKeys(interrupted)) expect(await t.runtime.storage.head(key)).not.toBeNull();
    expect(await tempDirs(t)).toEqual([]);

    const { row } = await rerun(id, { jobId, retryCount: 1 });
    expect(row.status).toBe('ready');
    expect(row.attemptId).not.toBe(interrupted.attemptId);
    // Finished outputs of the first attempt are reused, the rest is new.
    expect(row.renditions.low).toEqual(interrupted.renditions.low);
    expect(row.renditions.full!.key).toContain(`/renditions/${row.attemptId}/full.mp4`);
    expect(row.renditions.full).toMatchObject({ width: 640, height: 480 });
    await expectAllStored(row);
  });

  it('the last retry marks the video failed with a generic reason (and still throws)', async () => {
    const file = await clip('last.mp4', {});
    const id = await insertVideo(t, ownerId, file);
    await expect(transcodeStoredVideo(id, jobContext(t, { retryCount: 4, storage: failingStorage(t.runtime.storage, 'low.mp4') }))).rejects.toThrow();
    const row = await videoRow(t, id);
    expect(row).toMatchObject({ status: 'failed', failureReason: GENERIC_FAILURE, renditions: {} });
    expect(await outputObjects(t.runtime.storage, row)).toEqual([]);
  });

  it('a second job for a video another live attempt owns does nothing', async () => {
    const file = await clip('twice.mp4', {});
    const id = await insertVideo(t, ownerId, file);
    await t.runtime.db.$client.query(`UPDATE videos SET attempt_id = 'other', job_id = $2, heartbeat_at = now() WHERE id = $1`, [id, randomUUID()]);
    await transcodeStoredVideo(id, jobContext(t));
    expect(await videoRow(t, id)).toMatchObject({ status: 'processing', attemptId: 'other', renditions: {} });
  });

  it('stops ffmpeg and cleans up when the worker shuts down', async () => {
    const file = await clip('shutdown.mp4', { durationSec: 20, width: 1280, height: 720 });
    const id = await insertVideo(t, ownerId, file);
    const controller = new AbortController();
    const run = transcodeStoredVideo(id, jobContext(t, { signal: controller.signal }));
    for (let i = 0; i < 200 && (await videoRow(t, id)).progress === 0; i++) await new Promise((r) => setTimeout(r, 50));
    controller.abort(new Error('worker shutting down'));
    await expect(run).rejects.toThrow();
    const row = await videoRow(t, id);
    expect(row.status).toBe('processing');
    for (const key of pointedKeys(row)) expect(await t.runtime.storage.head(key)).not.toBeNull();
    expect(await tempDirs(t)).toEqual([]);
  });
});
