import { execFile } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../src/binaries';
import { holdsDurationSec, pictureBox, planHolds } from '../src/args/reel-holds';
import { exportReel } from '../src/reel-export';
import { probe } from '../src/probe';
import { decodedFrameNumbers, meanVolume } from './helpers/decoded';
import { clip, useTempDir } from './helpers/fixtures';

const tempDir = useTempDir('reel-holds');
let dir: string;
let numbered: string;
let silent: string;
/** A PNG of 320x240, transparent but for an opaque red box at (100, 150) of 60x40 (the bottom half). */
let redBox: string;

function ffmpeg(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(findFfmpeg().path, ['-hide_banner', '-nostdin', '-v', 'error', ...args], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr.toString()}`)) : resolve(stdout),
    );
  });
}

/** The share of the red box's pixels that are red in decoded frame `n` of a 320x240 file. */
async function redShare(file: string, n: number): Promise<number> {
  const rgb = await ffmpeg(['-i', file, '-vf', `select=eq(n\\,${n}),crop=60:40:100:150`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  let red = 0;
  for (let i = 0; i < rgb.length; i += 3) if (rgb[i]! > 180 && rgb[i + 1]! < 80 && rgb[i + 2]! < 80) red++;
  return red / (rgb.length / 3);
}

beforeAll(async () => {
  dir = tempDir();
  [numbered, silent] = await Promise.all([
    clip(dir, 'numbered.mp4', { durationSec: 4, width: 320, height: 240, fps: 25, frameNumbers: true }),
    clip(dir, 'silent.mp4', { durationSec: 2, width: 320, height: 240, fps: 25, audio: false }),
  ]);
  redBox = path.join(dir, 'red-box.png');
  await ffmpeg(['-y', '-f', 'lavfi', '-i', 'color=c=red:s=60x40,format=rgba,pad=320:240:100:150:color=black@0', '-frames:v', '1', redBox]);
});

describe('planHolds', () => {
  it('holds the frame on screen at each moment for whole frames, in time order, the last frame for the very end', () => {
    const holds = planHolds(
      [
        { atSec: 1.5, holdSec: 2, overlay: 'b.png' },
        { atSec: 0.039, holdSec: 1, overlay: 'a.png' },
        { atSec: 4, holdSec: 0.5, overlay: 'end.png' },
        { atSec: 2, holdSec: 0.01, overlay: 'none.png' },
      ],
      25,
      4,
    );
    expect(holds).toEqual([
      { frame: 0, frames: 25, overlay: 'a.png' },
      { frame: 37, frames: 50, overlay: 'b.png' },
      { frame: 99, frames: 13, overlay: 'end.png' },
    ]);
    expect(holdsDurationSec(holds, 25)).toBeCloseTo(88 / 25, 9);
    // At 29.97 the grid is 1001/30000 s.
    expect(planHolds([{ atSec: 1, holdSec: 1, overlay: 'x.png' }], 29.97, 10)).toEqual([{ frame: 29, frames: 30, overlay: 'x.png' }]);
    expect(() => planHolds([{ atSec: -1, holdSec: 1, overlay: 'x.png' }], 25, 4)).toThrow(RangeError);
    expect(() => planHolds([{ atSec: 1, holdSec: Number.NaN, overlay: 'x.png' }], 25, 4)).toThrow(RangeError);
  });
});

describe('pictureBox', () => {
  it('places a source as the reel scales and pads it', () => {
    expect(pictureBox({ width: 1920, height: 1080 }, { width: 1280, height: 720 })).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(pictureBox({ width: 1920, height: 1080 }, { width: 720, height: 1280 })).toEqual({ x: 656, y: 0, width: 608, height: 1080 });
    expect(pictureBox({ width: 640, height: 360 }, { width: 320, height: 240 })).toEqual({ x: 80, y: 0, width: 480, height: 360 });
  });
});

describe('exportReel with holds', () => {
  it('freezes the frame under the overlay for the hold, with silence, and goes on', async () => {
    const output = path.join(dir, 'held.mp4');
    const result = await exportReel({
      chunks: [
        { path: numbered, probe: await probe(numbered), start: 1, duration: 2, holds: [{ atSec: 0.5, holdSec: 1, overlay: redBox }] },
        { path: silent, probe: await probe(silent), start: 0, duration: 1, holds: [{ atSec: 0.2, holdSec: 0.4, overlay: redBox }] },
      ],
      output,
    });
    // 2 s + 1 s held, then 1 s + 0.4 s held.
    expect(result.durationSec).toBeCloseTo(4.4, 1);
    const written = await probe(output);
    const video = written.streams.find((s) => s.type === 'video')!;
    const audio = written.streams.find((s) => s.type === 'audio')!;
    expect(Math.abs(video.durationSec! - 4.4)).toBeLessThanOrEqual(2 / 25);
    expect(Math.abs(audio.durationSec! - 4.4)).toBeLessThan(0.05);

    // Source frames 25.. (the chunk starts at 1 s); frame 12 of the chunk (0.5 s) shown 1 + 25 times.
    const numbers = (await decodedFrameNumbers(output, 50 + 25)).map((n) => n - 25);
    expect(numbers.slice(0, 13)).toEqual(Array.from({ length: 13 }, (_, i) => i));
    expect(numbers.slice(13, 38)).toEqual(Array(25).fill(12));
    expect(numbers.slice(38, 44)).toEqual([13, 14, 15, 16, 17, 18]);

    // The overlay on the copies only: not on the frame as it plays, nor after the hold.
    expect(await redShare(output, 12)).toBeLessThan(0.5);
    for (const n of [13, 25, 37]) expect(await redShare(output, n)).toBeGreaterThan(0.9);
    expect(await redShare(output, 38)).toBeLessThan(0.5);
    // The second chunk starts at 75; its frame 5 (0.2 s) is held 10 frames.
    expect(await redShare(output, 75 + 5)).toBeLessThan(0.5);
    expect(await redShare(output, 75 + 6)).toBeGreaterThan(0.9);
    expect(await redShare(output, 75 + 15)).toBeGreaterThan(0.9);
    expect(await redShare(output, 75 + 16)).toBeLessThan(0.5);

    // The tone plays, stops for the hold and plays again.
    expect(await meanVolume(output, 0.05, 0.45)).toBeGreaterThan(-30);
    expect(await meanVolume(output, 0.6, 1.4)).toBeLessThan(-80);
    expect(await meanVolume(output, 1.6, 2.9)).toBeGreaterThan(-30);
  });
});
