import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportReel } from '../src/reel-export';
import { probe } from '../src/probe';
import { meanVolume } from './helpers/decoded';
import { clip, useTempDir } from './helpers/fixtures';

const tempDir = useTempDir('reel');
let dir: string;
let small: string;
let silentWide: string;

beforeAll(async () => {
  dir = tempDir();
  [small, silentWide] = await Promise.all([
    clip(dir, 'small.mp4', { durationSec: 4, width: 320, height: 240, fps: 25 }),
    clip(dir, 'silent-wide.mp4', { durationSec: 3, width: 640, height: 360, fps: 30, audio: false }),
  ]);
});

describe('exportReel', () => {
  it('joins chunks of different size, rate and audio into one MP4 with sound throughout', async () => {
    const output = path.join(dir, 'reel.mp4');
    const progress: number[] = [];
    const result = await exportReel({
      chunks: [
        { path: small, probe: await probe(small), start: 1, duration: 2 },
        { path: silentWide, probe: await probe(silentWide), start: 0.5, duration: 1.5 },
      ],
      output,
      onProgress: (p) => progress.push(p),
    });

    expect(result).toMatchObject({ output, width: 640, height: 360 });
    expect(result.durationSec).toBeCloseTo(3.5, 1);
    const written = await probe(output);
    expect(written.video).toMatchObject({ codec: 'h264', profile: 'High', width: 640, height: 360, pixFmt: 'yuv420p', isVariableFrameRate: false });
    expect(written.video?.fps).toBeCloseTo(30, 3);
    expect(written.audio).toMatchObject({ codec: 'aac', sampleRate: 48000, channels: 2 });
    // Silence fills the chunk without audio: the audio track spans the whole reel.
    const audio = written.streams.find((s) => s.type === 'audio');
    const video = written.streams.find((s) => s.type === 'video');
    expect(Math.abs(audio!.durationSec! - 3.5)).toBeLessThan(0.05);
    expect(Math.abs(video!.durationSec! - 3.5)).toBeLessThanOrEqual(1 / 30);
    // The first chunk's tone, then the silence that stands in for the second chunk's missing audio.
    expect(await meanVolume(output, 0.1, 1.9)).toBeGreaterThan(-30);
    expect(await meanVolume(output, 2.1, 3.4)).toBeLessThan(-80);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBeGreaterThanOrEqual(95);
  });
});
