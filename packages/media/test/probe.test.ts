import { copyFile, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseArgs } from '../src/args/common';
import { isMediaError, type MediaError } from '../src/media-error';
import { assertPlayableVideo, probe } from '../src/probe';
import { runFfmpeg } from '../src/run-ffmpeg';
import { clip, useTempDir } from './helpers/fixtures';

const DURATION = 2.5;
const tempDir = useTempDir('probe');
let dir: string;
const files: Record<string, string> = {};

beforeAll(async () => {
  dir = tempDir();
  const [withAudio, videoOnly, rotated, webm, audioOnly] = await Promise.all([
    clip(dir, 'with-audio.mp4', { durationSec: DURATION, fps: 25 }),
    clip(dir, 'video-only.mp4', { durationSec: DURATION, fps: 30, audio: false }),
    clip(dir, 'rotated.mp4', { durationSec: DURATION, rotation: 90 }),
    clip(dir, 'clip.webm', { durationSec: DURATION, container: 'webm' }),
    clip(dir, 'tone.m4a', { durationSec: DURATION, video: false }),
  ]);
  Object.assign(files, { withAudio, videoOnly, rotated, webm, audioOnly });
});

async function rejection(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isMediaError(error)) throw new Error(`expected a MediaError, got ${String(error)}`);
  return error;
}

describe('probe on generated clips', () => {
  it('reads an H.264/AAC mp4', async () => {
    const result = await probe(files.withAudio!);
    expect(result.durationSec).toBeCloseTo(DURATION, 1);
    expect(result.formatName).toContain('mp4');
    expect(result.sizeBytes).toBeGreaterThan(1000);
    expect(result.bitRate).toBeGreaterThan(0);
    expect(result.video).toMatchObject({
      codec: 'h264',
      width: 320,
      height: 240,
      displayWidth: 320,
      displayHeight: 240,
      rotation: 0,
      isVariableFrameRate: false,
      pixFmt: 'yuv420p',
    });
    expect(result.video?.fps).toBeCloseTo(25, 3);
    expect(result.audio).toMatchObject({ codec: 'aac', sampleRate: 48000, channels: 2 });
    expect(result.streams.map((s) => s.type)).toEqual(['video', 'audio']);
  });

  it('reads a video-only mp4', async () => {
    const result = await probe(files.videoOnly!);
    expect(result.audio).toBeNull();
    expect(result.video?.fps).toBeCloseTo(30, 3);
    expect(() => assertPlayableVideo(result)).not.toThrow();
  });

  it('reports rotation and the displayed (portrait) size', async () => {
    const result = await probe(files.rotated!);
    expect(result.video).toMatchObject({ width: 320, height: 240, rotation: 90, displayWidth: 240, displayHeight: 320 });
  });

  it('reports a variable frame rate with its nominal rate', async () => {
    const vfr = await clip(dir, 'vfr.mp4', { durationSec: 3, fps: 30, variableFrameRate: true });
    const result = await probe(vfr);
    expect(result.video).toMatchObject({ isVariableFrameRate: true, nominalFps: 30 });
    expect(result.video?.fps).toBeCloseTo(22.5, 0);
    expect(result.durationSec).toBeCloseTo(3, 0);
  });

  it('reads a VP9/Opus webm', async () => {
    const result = await probe(files.webm!);
    expect(result.formatName).toContain('webm');
    expect(result.video?.codec).toBe('vp9');
    expect(result.audio?.codec).toBe('opus');
    expect(result.durationSec).toBeCloseTo(DURATION, 1);
  });

  it('accepts audio-only in probe but assertPlayableVideo rejects it with NO_VIDEO', async () => {
    const result = await probe(files.audioOnly!);
    expect(result.video).toBeNull();
    expect(result.audio?.codec).toBe('aac');
    let caught: unknown;
    try {
      assertPlayableVideo(result);
    } catch (error) {
      caught = error;
    }
    expect(isMediaError(caught, 'NO_VIDEO')).toBe(true);
    expect((caught as MediaError).reason).toMatch(/audio only/i);
  });
});

describe('probe on bad input', () => {
  it('rejects a text file named .mp4 as NOT_MEDIA', async () => {
    const file = path.join(dir, 'notes.mp4');
    await writeFile(file, 'These are my notes about the match.\nSecond half was better.\n');
    const error = await rejection(probe(file));
    expect(error.code).toBe('NOT_MEDIA');
    expect(error.reason).toBe('The file is not a video we can read.');
  });

  it('rejects a zero-byte file as EMPTY_FILE', async () => {
    const file = path.join(dir, 'empty.mp4');
    await writeFile(file, '');
    const error = await rejection(probe(file));
    expect(error.code).toBe('EMPTY_FILE');
    expect(error.reason).toBe('The file is empty.');
  });

  it('rejects a truncated mp4 (first 1 KB) as DAMAGED: it starts like a movie', async () => {
    const file = path.join(dir, 'truncated.mp4');
    const source = await open(files.withAudio!, 'r');
    const { buffer, bytesRead } = await source.read(Buffer.alloc(1024), 0, 1024, 0);
    await source.close();
    await writeFile(file, buffer.subarray(0, bytesRead));
    const error = await rejection(probe(file));
    expect(error.code).toBe('DAMAGED');
    expect(error.reason).toBe('The file is damaged or incomplete.');
  });

  it('rejects an mp4 cut in half whose index is at the end as DAMAGED', async () => {
    const whole = await clip(dir, 'index-at-end.mp4', { durationSec: DURATION });
    // Test clips are faststart; move the index behind the media data like most cameras write it.
    const moovLast = path.join(dir, 'moov-last.mp4');
    await runFfmpeg([...baseArgs(), '-i', whole, '-c', 'copy', '-f', 'mp4', moovLast], { outputFile: moovLast });
    const bytes = await readFile(moovLast);
    const file = path.join(dir, 'half.mp4');
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const error = await rejection(probe(file));
    expect(error.code).toBe('DAMAGED');
  });

  it('rejects a PNG image with a reason that says it is an image', async () => {
    const file = path.join(dir, 'frame.png');
    await runFfmpeg([...baseArgs(), '-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1', '-f', 'image2', '-update', '1', file]);
    const renamed = path.join(dir, 'frame-as-video.mp4');
    await copyFile(file, renamed);
    for (const candidate of [file, renamed]) {
      const error = await rejection(probe(candidate));
      expect(error.code).toBe('IMAGE');
      expect(error.reason).toMatch(/image/i);
    }
  });

  it('rejects a missing file as NOT_FOUND', async () => {
    const error = await rejection(probe(path.join(dir, 'does-not-exist.mp4')));
    expect(error.code).toBe('NOT_FOUND');
  });

  it('rejects with ABORTED when the signal is already aborted', async () => {
    const error = await rejection(probe(files.withAudio!, { signal: AbortSignal.abort() }));
    expect(error.code).toBe('ABORTED');
  });
});
