import { rename, rm } from 'node:fs/promises';
import { setRotationArgs } from './args/rotation';
import { testPatternArgs, type TestPatternOptions } from './args/test-pattern';
import type { Rotation } from './probe-parse';
import { runFfmpeg } from './run-ffmpeg';

export interface TestClipOptions extends Omit<TestPatternOptions, 'output'> {
  /** Clockwise display rotation (mp4 only), e.g. 90 for a phone-like portrait clip. */
  rotation?: Rotation;
  ffmpegPath?: string;
  signal?: AbortSignal;
}

/** Writes a synthetic clip to `output`, used by tests and as the product's "test video". */
export async function createTestClip(output: string, options: TestClipOptions = {}): Promise<void> {
  const { rotation = 0, ffmpegPath, signal, ...pattern } = options;
  const run = { ffmpegPath, signal, durationSec: pattern.durationSec ?? null };
  if (rotation === 0) {
    await runFfmpeg(testPatternArgs({ ...pattern, output }), { ...run, outputFile: output });
    return;
  }
  if ((pattern.container ?? 'mp4') !== 'mp4' || pattern.video === false) {
    throw new RangeError('rotation needs an mp4 clip with video');
  }
  const upright = `${output}.upright.tmp`;
  try {
    await runFfmpeg(testPatternArgs({ ...pattern, output: upright }), { ...run, outputFile: upright });
    const rotated = `${output}.rotated.tmp`;
    await runFfmpeg(setRotationArgs({ input: upright, output: rotated, rotation }), { ...run, outputFile: rotated });
    await rename(rotated, output);
  } finally {
    await rm(upright, { force: true });
    await rm(`${output}.rotated.tmp`, { force: true });
  }
}
