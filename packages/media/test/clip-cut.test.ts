import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lowPreset, renditionArgs } from '../src/args/rendition';
import { activeChildren } from '../src/child-runner';
import { cutClip } from '../src/clip-cut';
import { isMediaError } from '../src/media-error';
import { probe } from '../src/probe';
import { runFfmpeg } from '../src/run-ffmpeg';
import { clip, useTempDir } from './helpers/fixtures';
import { decodedFrameNumbers, firstFramePsnr } from './helpers/decoded';

const FPS = 25;
const lowEncoder = { crf: lowPreset.crf, preset: lowPreset.preset, maxBitrateKbps: lowPreset.maxBitrateKbps };
const tempDir = useTempDir('clip');
let dir: string;
let rendition: string;
/** The same pictures encoded with another CRF: its picture parameter set differs. */
let otherRendition: string;

/** Frames first..first+count-1, as the frame-number pattern shows them. */
const frames = (first: number, count: number) => Array.from({ length: count }, (_, i) => (first + i) % 256);

async function encodeRendition(source: string, output: string, crf: number): Promise<string> {
  const args = renditionArgs({ ...lowPreset, crf, input: source, output, sourceWidth: 320, sourceHeight: 240, sourceFps: FPS, audio: true });
  await runFfmpeg(args, { outputFile: output });
  return output;
}

beforeAll(async () => {
  dir = tempDir();
  const source = await clip(dir, 'numbered.mp4', { durationSec: 10, fps: FPS, frameNumbers: true });
  // Like ours: a keyframe every 2 s (frames 0, 50, 100, ...), B-frames, closed GOPs.
  [rendition, otherRendition] = await Promise.all([
    encodeRendition(source, path.join(dir, 'low.mp4'), lowPreset.crf),
    encodeRendition(source, path.join(dir, 'low-crf18.mp4'), 18),
  ]);
});

describe('cutClip', () => {
  it('smart-cuts a clip starting between keyframes on exactly the requested frames', async () => {
    const source = await probe(rendition);
    const output = path.join(dir, 'smart.mp4');
    const poster = path.join(dir, 'smart.jpg');
    const progress: number[] = [];
    const result = await cutClip({
      input: rendition,
      source,
      startSec: 3.2,
      durationSec: 3,
      output,
      poster,
      encoder: lowEncoder,
      onProgress: (p) => progress.push(p),
    });

    expect(result).toMatchObject({ output, poster, mode: 'smart', reason: 'the clip starts between keyframes' });
    expect(Math.abs(result.durationSec - 3)).toBeLessThanOrEqual(1 / FPS);
    // Frame 80 (3.2 s) re-encoded up to the keyframe at 100, copied to 150, re-encoded to 154.
    expect(await decodedFrameNumbers(output)).toEqual(frames(80, 75));
    expect(await firstFramePsnr(output, rendition, 3.2, FPS)).toBeGreaterThanOrEqual(40);
    expect(await decodedFrameNumbers(poster)).toEqual([80]);

    const written = await probe(output);
    expect(written.video).toMatchObject({ codec: 'h264', profile: 'High', width: 320, height: 240 });
    expect(written.audio).toMatchObject({ codec: 'aac', sampleRate: 48000, channels: 2 });
    expect(written.streams.find((s) => s.type === 'audio')?.durationSec).toBeCloseTo(3, 1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]!);
    expect(progress.at(-1)).toBe(100);
    expect((await readdir(dir)).filter((name) => name.startsWith('.clip-'))).toEqual([]);
  });

  it('copies a clip that starts and ends on keyframes', async () => {
    const output = path.join(dir, 'copy.mp4');
    const result = await cutClip({ input: rendition, source: await probe(rendition), startSec: 4, durationSec: 4, output, encoder: lowEncoder });
    expect(result).toMatchObject({ mode: 'copy', reason: '', poster: null });
    expect(Math.abs(result.durationSec - 4)).toBeLessThanOrEqual(1 / FPS);
    expect(await decodedFrameNumbers(output)).toEqual(frames(100, 100));
    expect(await firstFramePsnr(output, rendition, 4, FPS)).toBe(Infinity);
  });

  it('re-encodes the whole clip when the re-encoded head would not match the source codec header', async () => {
    const output = path.join(dir, 'mismatch.mp4');
    // Cut with the low preset's CRF 28 from a rendition encoded at CRF 18: x264 writes the CRF into the PPS.
    const result = await cutClip({ input: otherRendition, source: await probe(otherRendition), startSec: 3.2, durationSec: 3, output, encoder: lowEncoder });
    expect(result.mode).toBe('reencode');
    expect(result.reason).toBe('the codec header would not match (different picture parameter sets)');
    expect(Math.abs(result.durationSec - 3)).toBeLessThanOrEqual(1 / FPS);
    expect(await decodedFrameNumbers(output)).toEqual(frames(80, 75));
  });

  it('stops ffmpeg and removes its pieces when aborted', async () => {
    const abort = new AbortController();
    const output = path.join(dir, 'aborted.mp4');
    const cut = cutClip({
      input: rendition,
      source: await probe(rendition),
      startSec: 0.2,
      durationSec: 9,
      output,
      encoder: lowEncoder,
      signal: abort.signal,
      onProgress: (percent) => {
        if (percent > 0) abort.abort();
      },
    });
    const error: unknown = await cut.then(() => null, (e: unknown) => e);
    expect(isMediaError(error, 'ABORTED')).toBe(true);
    expect((await readdir(dir)).filter((name) => name.startsWith('.clip-') || name === 'aborted.mp4')).toEqual([]);
    expect(activeChildren()).toEqual([]);
  });
});
