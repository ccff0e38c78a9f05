import { rm, stat } from 'node:fs/promises';
import { findFfmpeg } from './binaries';
import { runChild } from './child-runner';
import { MediaError } from './media-error';
import { createProgressParser, type FfmpegProgress } from './progress';

export { activeChildren } from './child-runner';
export type { FfmpegProgress } from './progress';

export interface RunFfmpegOptions {
  ffmpegPath?: string;
  signal?: AbortSignal;
  /** Input duration; needed to turn ffmpeg's output time into a percentage. */
  durationSec?: number | null;
  timeoutMs?: number;
  onProgress?: (progress: FfmpegProgress) => void;
  /**
   * The file the args write. It is deleted before the run and must exist, non-empty, after it:
   * ffmpeg exits 0 without writing anything when, say, a poster seek lands past the end.
   */
  outputFile?: string;
}

export interface RunFfmpegResult {
  /** Last lines ffmpeg wrote to stderr (warnings, with -loglevel error usually empty). */
  stderrTail: string;
}

/**
 * Runs ffmpeg with prebuilt arguments (see src/args). Rejects with MediaError
 * FFMPEG_FAILED / ABORTED / TIMEOUT, always after the process has exited.
 */
export async function runFfmpeg(args: readonly string[], options: RunFfmpegOptions = {}): Promise<RunFfmpegResult> {
  const ffmpegPath = options.ffmpegPath ?? findFfmpeg().path;
  const { onProgress, outputFile } = options;
  if (outputFile !== undefined) await rm(outputFile, { force: true });
  const result = await runChild(ffmpegPath, args, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    onStdout: onProgress ? createProgressParser(options.durationSec, onProgress) : undefined,
  });
  if (result.exitCode !== 0) {
    const how = result.exitCode === null ? `was killed by ${result.signal ?? 'a signal'}` : `exited with code ${result.exitCode}`;
    throw new MediaError('FFMPEG_FAILED', `ffmpeg ${how}${result.stderrTail ? `:\n${result.stderrTail}` : ''}`, {
      exitCode: result.exitCode,
      stderr: result.stderrTail,
    });
  }
  if (outputFile !== undefined && !(await isNonEmptyFile(outputFile))) {
    const detail = result.stderrTail ? `:\n${result.stderrTail}` : '';
    throw new MediaError('FFMPEG_FAILED', `ffmpeg finished but wrote nothing to ${outputFile}${detail}`, {
      exitCode: result.exitCode,
      stderr: result.stderrTail,
    });
  }
  return { stderrTail: result.stderrTail };
}

async function isNonEmptyFile(file: string): Promise<boolean> {
  try {
    const info = await stat(file);
    return info.isFile() && info.size > 0;
  } catch {
    return false;
  }
}
