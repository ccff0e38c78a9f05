import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shape } from '@app/contracts/film';
import { baseArgs } from '@app/media/args/common';
import { findFfmpeg } from '@app/media/binaries';
import { runFfmpeg } from '@app/media/run-ffmpeg';
import { cutClipJob } from '../../src/modules/clips/cut-clip.job';
import { exportReelJob } from '../../src/modules/reels/export-reel.job';
import { jobContext, probeStored, runJob } from '../transcode/helpers';
import { athlete, call, coach, joinTeam, objectsUnder, readyVideo, videosApp, type Person, type TeamsApp } from '../clips/helpers';

const FPS = 25;
let t: TeamsApp;
let owner: Person;
let mate: Person;
let fixtures: string;
let videoKey: string;
/** A 4 s clip from 2 s of the video, cut to its own file, and its own reel (what its Download MP4 exports). */
let clip: { _id: string; reel_id: string };

/** A 10 s 320x240 video, one flat blue picture with a tone: nothing in it is red. */
async function blueVideo(file: string): Promise<string> {
  const args = [...baseArgs(), '-f', 'lavfi', '-i', `color=c=0x2050a0:s=320x240:r=${FPS}:d=10`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=10'];
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', String(2 * FPS), '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file);
  await runFfmpeg(args, { outputFile: file });
  return file;
}

/** How many pixels of decoded frame `n` of `file` are red, and how many of them lie on the arrow's shaft (y 110-130). */
async function redPixels(file: string, n: number): Promise<{ all: number; onShaft: number }> {
  const png = await new Promise<Buffer>((resolve, reject) =>
    execFile(findFfmpeg().path, ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${n})`, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'pipe:1'], { encoding: 'buffer', maxBuffer: 16 << 20 }, (err, out) =>
      err ? reject(err) : resolve(out),
    ),
  );
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let all = 0;
  let onShaft = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (data[i]! > 180 && data[i + 1]! < 90 && data[i + 2]! < 90) {
      all++;
      const y = Math.floor(i / 3 / info.width);
      if (y >= 110 && y <= 130) onShaft++;
    }
  }
  return { all, onShaft };
}

const redArrow: Shape = { type: 'arrow', points: [[0.2, 0.5], [0.8, 0.5]], color: '#ff0000', width: 0.03 };
const draw = (who: Person, at: number, holdSeconds: number, shapes: Shape[] = [redArrow]) => call(t, 'POST', `/api/user/videos/${videoKey}/drawings`, who.headers, { at, holdSeconds, shapes });
const exportRow = async (reelId: string) => (await t.sql<{ job_id: string; status: string; file_key: string | null }>(`SELECT * FROM reel_exports WHERE reel_id = $1`, [reelId]))[0];
const exportPrefix = (reelId: string) => `demo/reels/${reelId}/export/`;

/** Starts the reel's export as its Download MP4 does and runs the job here, as a worker would; answers the file. */
async function exported(reelId: string): Promise<string> {
  const started = await call(t, 'POST', `/api/user/reels/${reelId}/export`, owner.headers);
  expect(started.statusCode, started.body).toBe(202);
  await runJob(exportReelJob, { reelId }, jobContext(t, { jobId: (await exportRow(reelId))!.job_id }));
  const row = (await exportRow(reelId))!;
  expect(row.status).toBe('ready');
  return (await t.runtime.storage.localPath!(row.file_key!))!;
}

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'filmcoach', 'Film');
  mate = await athlete(t, 'filmmate');
  await joinTeam(t, 'filmcoach', 'filmmate');
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'drawing-export-'));
  ({ key: videoKey } = await readyVideo(t, 'filmcoach', { durationSec: 10, file: await blueVideo(path.join(fixtures, 'blue.mp4')) }));
  const made = await call(t, 'POST', `/api/user/videos/${videoKey}/clips`, owner.headers, { timestamp: 2, duration: 4 });
  expect(made.statusCode, made.body).toBe(201);
  clip = made.json();
  await runJob(cutClipJob, { clipId: clip._id }, jobContext(t));
});
afterAll(async () => {
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

describe("a clip's Download MP4 with a drawing", () => {
  it('holds the frame it was drawn on for its hold time with the drawing burnt in: the clip\'s length plus the hold', async () => {
    // A teammate's red arrow 1.6 s into the clip (3.6 s of the video), held 1.5 s; one outside the clip does not show.
    expect((await draw(mate, 3.6, 1.5)).statusCode).toBe(201);
    expect((await draw(mate, 8, 2, [{ ...redArrow, points: [[0.1, 0.1], [0.9, 0.9]] }])).statusCode).toBe(201);
    const file = await exported(clip.reel_id);

    const probed = await probeStored(t.runtime.storage, (await exportRow(clip.reel_id))!.file_key!);
    expect(Math.abs(probed.durationSec - (4 + 1.5))).toBeLessThanOrEqual(2 / FPS);
    expect(probed.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);

    // Frame 40 (1.6 s) plays as drawn on, frames 41-78 are its 38 copies (1.5 s) under the arrow, 79 goes on.
    for (const n of [41, 60, 78]) {
      const inHold = await redPixels(file, n);
      // The shaft (9.6 px by about 170 px), and the head wider than it.
      expect(inHold.onShaft).toBeGreaterThan(1200);
      expect(inHold.all - inHold.onShaft).toBeGreaterThan(100);
      expect(inHold.all).toBeLessThan(3000);
    }
    for (const n of [10, 40, 79, 130]) expect((await redPixels(file, n)).all).toBe(0);
  });

  it('a drawing made, changed or deleted where an export shows it discards that export; elsewhere it is kept', async () => {
    await exported(clip.reel_id);
    const kept = await draw(mate, 9, 1);
    expect(kept.statusCode).toBe(201);
    expect((await exportRow(clip.reel_id))?.status).toBe('ready');
    // Moved into the clip: the export is stale (row and file gone); the next Download makes it again.
    expect((await call(t, 'PUT', `/api/user/drawings/${kept.json()._id}`, mate.headers, { at: 5, holdSeconds: 1, shapes: [redArrow] })).statusCode).toBe(200);
    expect(await exportRow(clip.reel_id)).toBeUndefined();
    expect(await objectsUnder(t, exportPrefix(clip.reel_id))).toEqual([]);

    const file = await exported(clip.reel_id);
    const probed = await probeStored(t.runtime.storage, (await exportRow(clip.reel_id))!.file_key!);
    expect(Math.abs(probed.durationSec - (4 + 1.5 + 1))).toBeLessThanOrEqual(2 / FPS);
    // Its frame 75 (3 s) is now frame 75 + 38 and is held next.
    expect((await redPixels(file, 75 + 38)).all).toBe(0);
    expect((await redPixels(file, 75 + 38 + 10)).onShaft).toBeGreaterThan(1200);

    expect((await call(t, 'DELETE', `/api/user/drawings/${kept.json()._id}`, owner.headers)).statusCode).toBe(204);
    expect(await exportRow(clip.reel_id)).toBeUndefined();
  });
});
