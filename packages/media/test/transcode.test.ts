import { stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canRemux, remuxArgs } from '../src/args/remux';
import { lowPreset, renditionArgs, renditionSize } from '../src/args/rendition';
import { posterArgs, posterSize, posterTimeSec } from '../src/args/poster';
import { storyboardArgs, storyboardLayout } from '../src/args/storyboard';
import { assertPlayableVideo, probe } from '../src/probe';
import { runFfmpeg, type FfmpegProgress } from '../src/run-ffmpeg';
import { clip, imageSize, useTempDir } from './helpers/fixtures';

const tempDir = useTempDir('transcode');
let dir: string;
let landscape: string;
let rotated: string;
let webm: string;
let vfr: string;

beforeAll(async () => {
  dir = tempDir();
  [landscape, rotated, webm, vfr] = await Promise.all([
    clip(dir, 'landscape.mp4', { durationSec: 3, width: 640, height: 480 }),
    clip(dir, 'rotated.mp4', { durationSec: 2, rotation: 90, audio: false }),
    clip(dir, 'clip.webm', { durationSec: 2, container: 'webm' }),
    clip(dir, 'vfr.mp4', { durationSec: 3, fps: 30, variableFrameRate: true }),
  ]);
});

async function sourceInfo(file: string) {
  const result = await probe(file);
  assertPlayableVideo(result);
  return result;
}

describe('renditions', () => {
  it('transcodes to the low preset with rising progress', async () => {
    const source = await sourceInfo(landscape);
    const output = path.join(dir, 'low.mp4');
    const args = renditionArgs({
      ...lowPreset,
      input: landscape,
      output,
      sourceWidth: source.video.displayWidth,
      sourceHeight: source.video.displayHeight,
      sourceFps: source.video.fps,
      audio: source.audio !== null,
    });
    // Read the input at native speed so a 3 s clip yields several progress blocks.
    const realtime = [...args.slice(0, args.indexOf('-i')), '-re', ...args.slice(args.indexOf('-i'))];
    const events: FfmpegProgress[] = [];
    await runFfmpeg(realtime, { durationSec: source.durationSec, onProgress: (p) => events.push(p), outputFile: output });

    const percents = events.map((e) => e.percent).filter((p): p is number => p !== null);
    expect(percents.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThanOrEqual(percents[i - 1]!);
    expect(percents[0]).toBeLessThan(percents.at(-1)!);
    expect(percents.at(-1)).toBeGreaterThanOrEqual(95);
    expect(percents.every((p) => p >= 0 && p <= 100)).toBe(true);
    expect(events.at(-1)?.done).toBe(true);
    expect(events.filter((e) => e.done)).toHaveLength(1);

    const out = await sourceInfo(output);
    const expected = renditionSize({ height: lowPreset.height, sourceWidth: 640, sourceHeight: 480 });
    expect(expected).toMatchObject({ width: 480, height: 360 });
    expect(out.video).toMatchObject({ codec: 'h264', width: expected.width, height: expected.height, pixFmt: 'yuv420p', rotation: 0 });
    expect(out.video.profile).toBe('High');
    expect(out.video.fps).toBeCloseTo(25, 3);
    expect(out.audio).toMatchObject({ codec: 'aac', sampleRate: 48000, channels: 2 });
    expect(out.durationSec).toBeCloseTo(source.durationSec!, 0);
    expect(canRemux(out)).toBe(true);
  });

  it('never upscales and bakes rotation into the pixels', async () => {
    const source = await sourceInfo(rotated);
    const output = path.join(dir, 'rotated-full.mp4');
    await runFfmpeg(
      renditionArgs({
        input: rotated,
        output,
        height: 1080,
        sourceWidth: source.video.displayWidth,
        sourceHeight: source.video.displayHeight,
        sourceFps: source.video.fps,
        audio: source.audio !== null,
      }),
      { outputFile: output },
    );
    const out = await sourceInfo(output);
    expect(out.video).toMatchObject({ width: 240, height: 320, rotation: 0, displayWidth: 240, displayHeight: 320 });
    expect(out.audio).toBeNull();
  });

  it('converts a webm and forces constant frame rate', async () => {
    const source = await sourceInfo(webm);
    const output = path.join(dir, 'webm-low.mp4');
    await runFfmpeg(
      renditionArgs({
        ...lowPreset,
        input: webm,
        output,
        sourceWidth: source.video.displayWidth,
        sourceHeight: source.video.displayHeight,
        fps: 15,
        audio: true,
      }),
      { outputFile: output },
    );
    const out = await sourceInfo(output);
    expect(out.video).toMatchObject({ codec: 'h264', width: 320, height: 240, isVariableFrameRate: false });
    expect(out.video.fps).toBeCloseTo(15, 3);
    expect(out.audio?.codec).toBe('aac');
  });
});

describe('variable frame rate', () => {
  it('turns a phone-like VFR clip into constant 30 fps at its nominal rate', async () => {
    const source = await sourceInfo(vfr);
    expect(source.video.isVariableFrameRate).toBe(true);
    expect(canRemux(source)).toBe(false);
    const output = path.join(dir, 'vfr-low.mp4');
    await runFfmpeg(
      renditionArgs({
        ...lowPreset,
        input: vfr,
        output,
        sourceWidth: source.video.displayWidth,
        sourceHeight: source.video.displayHeight,
        sourceFps: source.video.nominalFps,
        audio: true,
      }),
      { outputFile: output },
    );
    const out = await sourceInfo(output);
    expect(out.video.isVariableFrameRate).toBe(false);
    expect(out.video.fps).toBeCloseTo(30, 3);
    expect(out.video.nominalFps).toBeCloseTo(30, 3);
    expect(out.durationSec).toBeCloseTo(3, 0);
  });
});

describe('remux', () => {
  it('copies an H.264/AAC source into a playable mp4', async () => {
    const source = await probe(landscape);
    expect(canRemux(source)).toBe(true);
    const output = path.join(dir, 'remuxed.mp4');
    await runFfmpeg(remuxArgs({ input: landscape, output }), { outputFile: output });
    const out = await sourceInfo(output);
    expect(out.video).toMatchObject({ codec: 'h264', width: 640, height: 480 });
    expect(out.audio?.codec).toBe('aac');
    expect(out.durationSec).toBeCloseTo(source.durationSec!, 1);
  });

  it('refuses sources that need a transcode', async () => {
    expect(canRemux(await probe(webm))).toBe(false);
    expect(canRemux(await probe(rotated))).toBe(false);
  });
});

describe('images', () => {
  it('writes a poster JPEG of the expected size', async () => {
    const source = await sourceInfo(landscape);
    const output = path.join(dir, 'poster.jpg');
    await runFfmpeg(posterArgs({ input: landscape, output, timeSec: posterTimeSec(source.durationSec), width: 320 }), {
      outputFile: output,
    });
    const dims = await imageSize(output);
    expect(dims).toEqual(posterSize(640, 480, 320));
    expect(dims).toEqual({ width: 320, height: 240 });
  });

  it('writes a poster of a rotated video upright', async () => {
    const output = path.join(dir, 'poster-rotated.jpg');
    await runFfmpeg(posterArgs({ input: rotated, output, timeSec: 0.5 }), { outputFile: output });
    expect(await imageSize(output)).toEqual({ width: 240, height: 320 });
  });

  it('writes a storyboard sprite sheet matching its layout', async () => {
    const source = await sourceInfo(landscape);
    const layout = storyboardLayout({
      durationSec: source.durationSec!,
      sourceWidth: source.video.displayWidth,
      sourceHeight: source.video.displayHeight,
      intervalSec: 1,
      maxColumns: 2,
    });
    expect(layout).toMatchObject({ count: 3, columns: 2, rows: 2, tileWidth: 160, tileHeight: 120 });
    const output = path.join(dir, 'storyboard.jpg');
    await runFfmpeg(storyboardArgs({ input: landscape, output, layout }), { outputFile: output });
    expect(await imageSize(output)).toEqual({ width: layout.width, height: layout.height });
    expect((await stat(output)).size).toBeGreaterThan(1000);
  });

  it('writes a storyboard from keyframes only', async () => {
    // Like our renditions: a keyframe every second here, every 2 s there.
    const keyed = await clip(dir, 'keyed.mp4', { durationSec: 6, width: 320, height: 180 });
    const layout = storyboardLayout({ durationSec: 6, sourceWidth: 320, sourceHeight: 180, intervalSec: 2, maxColumns: 2 });
    expect(layout).toMatchObject({ count: 3, columns: 2, rows: 2, tileWidth: 160, tileHeight: 90 });
    const output = path.join(dir, 'storyboard-keyframes.jpg');
    await runFfmpeg(storyboardArgs({ input: keyed, output, layout, keyframesOnly: true }), { outputFile: output });
    expect(await imageSize(output)).toEqual({ width: 320, height: 180 });
  });

  it('writes a one-tile storyboard when the clip is shorter than the interval', async () => {
    const source = await sourceInfo(rotated);
    const layout = storyboardLayout({
      durationSec: source.durationSec!,
      sourceWidth: source.video.displayWidth,
      sourceHeight: source.video.displayHeight,
      intervalSec: 10,
    });
    expect(layout).toMatchObject({ count: 1, columns: 1, rows: 1, tileHeight: 214 });
    const output = path.join(dir, 'storyboard-short.jpg');
    await runFfmpeg(storyboardArgs({ input: rotated, output, layout }), { outputFile: output });
    expect(await imageSize(output)).toEqual({ width: 160, height: 214 });
  });
});
