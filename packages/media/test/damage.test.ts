import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { durationScanArgs } from '../src/args/duration-scan';
import { remuxArgs } from '../src/args/remux';
import { lowPreset, renditionArgs } from '../src/args/rendition';
import { isInputError, isMediaError, MediaError } from '../src/media-error';
import { probe } from '../src/probe';
import { assertWholeInputRead, failureCode, runFfmpeg } from '../src/run-ffmpeg';
import { clip, useTempDir } from './helpers/fixtures';

const tempDir = useTempDir('damage');
let dir: string;
let whole: string;
let truncated: string;
let webm: string;

beforeAll(async () => {
  dir = tempDir();
  [whole, webm] = await Promise.all([
    clip(dir, 'whole.mp4', { durationSec: 4, width: 320, height: 240 }),
    clip(dir, 'clip.webm', { durationSec: 3, container: 'webm' }),
  ]);
  // Test clips are faststart: cut in half, the index still promises 4 s.
  const bytes = await readFile(whole);
  truncated = path.join(dir, 'truncated.mp4');
  await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
});

async function rejection(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isMediaError(error)) throw new Error(`expected a MediaError, got ${String(error)}`);
  return error;
}

describe('a whole-input pass notices a truncated file', () => {
  it('probe still believes the index of an mp4 cut in half', async () => {
    expect((await probe(truncated)).durationSec).toBeCloseTo(4, 0);
  });

  it('remux exits 0 but assertWholeInputRead says DAMAGED', async () => {
    const output = path.join(dir, 'remux.mp4');
    const result = await runFfmpeg(remuxArgs({ input: truncated, output }), { outputFile: output, durationSec: 4 });
    let caught: unknown;
    try {
      assertWholeInputRead(result, 4);
    } catch (error) {
      caught = error;
    }
    expect(isMediaError(caught, 'DAMAGED')).toBe(true);
    expect(isInputError(caught)).toBe(true);
  });

  it('a rendition of it is DAMAGED too, and the intact file passes', async () => {
    const args = (input: string, output: string) =>
      renditionArgs({ ...lowPreset, input, output, sourceWidth: 320, sourceHeight: 240, sourceFps: 25, audio: true });
    const bad = path.join(dir, 'bad-low.mp4');
    const result = await runFfmpeg(args(truncated, bad), { outputFile: bad, durationSec: 4 });
    expect(() => assertWholeInputRead(result, 4)).toThrow(MediaError);

    const good = path.join(dir, 'good-low.mp4');
    const ok = await runFfmpeg(args(whole, good), { outputFile: good, durationSec: 4 });
    expect(ok.outTimeSec).toBeGreaterThan(3.8);
    expect(() => assertWholeInputRead(ok, 4)).not.toThrow();
  });

  it('judges by coverage when stderr says nothing', () => {
    expect(() => assertWholeInputRead({ stderrTail: '', outTimeSec: 50 }, 100)).toThrow(/stops at 50.00 s/);
    expect(() => assertWholeInputRead({ stderrTail: '', outTimeSec: 96 }, 100)).not.toThrow();
    expect(() => assertWholeInputRead({ stderrTail: '', outTimeSec: 1 }, 2)).not.toThrow();
    expect(() => assertWholeInputRead({ stderrTail: '', outTimeSec: 10 }, null)).not.toThrow();
  });
});

describe('failureCode', () => {
  it('blames the machine for resources and signals, the file for decode errors', () => {
    expect(failureCode(1, 'out.mp4: No space left on device')).toBe('FFMPEG_FAILED');
    expect(failureCode(null, 'Invalid data found when processing input')).toBe('FFMPEG_FAILED');
    expect(failureCode(1, 'in.mp4: Invalid data found when processing input')).toBe('DAMAGED');
    expect(failureCode(1, '[mov,mp4] moov atom not found')).toBe('DAMAGED');
    expect(failureCode(1, 'Decoder (codec av1) not found for input stream #0:0')).toBe('UNSUPPORTED');
    expect(failureCode(1, 'Unrecognized option foo')).toBe('FFMPEG_FAILED');
    expect(failureCode(1, 'in.mp4: No such file or directory')).toBe('FFMPEG_FAILED');
  });

  it('classifies a real failed run on a text file', async () => {
    const text = path.join(dir, 'notes.mp4');
    await writeFile(text, 'not a video at all\n');
    const output = path.join(dir, 'never.mp4');
    const error = await rejection(runFfmpeg(remuxArgs({ input: text, output })));
    expect(error.code).toBe('DAMAGED');
  });
});

describe('durationScanArgs', () => {
  it('measures the duration by reading packets', async () => {
    const result = await runFfmpeg(durationScanArgs(webm));
    expect(result.outTimeSec).toBeCloseTo(3, 0);
  });
});
