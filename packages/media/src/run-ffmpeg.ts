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
  /** How far into the timeline the output got (last `-progress` report); null without progress output. */
  outTimeSec: number | null;
}

/**
 * Runs ffmpeg with prebuilt arguments (see src/args). Rejects with MediaError
 * FFMPEG_FAILED / ABORTED / TIMEOUT, always after the process has exited.
 */
export async function runFfmpeg(args: readonly string[], options: RunFfmpegOptions = {}): Promise<RunFfmpegResult> {
  const ffmpegPath = options.ffmpegPath ?? findFfmpeg().path;
  const { onProgress, outputFile } = options;
  if (outputFile !== undefined) await rm(outputFile, { force: true });
  let outTimeSec: number | null = null;
  const result = await runChild(ffmpegPath, args, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    onStdout: createProgressParser(options.durationSec, (progress) => {
      if (progress.outTimeSec !== null) outTimeSec = Math.max(outTimeSec ?? 0, progress.outTimeSec);
      onProgress?.(progress);
    }),
  });
  if (result.exitCode !== 0) {
    const how = result.exitCode === null ? `was killed by ${result.signal ?? 'a signal'}` : `exited with code ${result.exitCode}`;
    throw new MediaError(failureCode(result.exitCode, result.stderrTail), `ffmpeg ${how}${result.stderrTail ? `:\n${result.stderrTail}` : ''}`, {
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
  return { stderrTail: result.stderrTail, outTimeSec };
}

// The machine, not the file: worth another try (on this or another worker).
const RESOURCE_TROUBLE = /No space left on device|Cannot allocate memory|Out of memory|Too many open files|Input\/output error|Resource temporarily unavailable/i;
const UNDECODABLE = /Decoder \([^)]*\) not found|Unknown decoder|not currently supported|Unsupported codec|no decoder/i;
// What ffmpeg's demuxers and decoders print for a truncated or corrupt input.
const BROKEN_INPUT = /Invalid data found when processing input|moov atom not found|partial file|EBML header parsing failed|Error while decoding stream|Invalid NAL unit size|corrupt (input )?packet|Truncat/i;

/** Which MediaError a failed run is: DAMAGED/UNSUPPORTED blame the input, FFMPEG_FAILED anything else. */
export function failureCode(exitCode: number | null, stderr: string): 'FFMPEG_FAILED' | 'DAMAGED' | 'UNSUPPORTED' {
  // Killed by a signal (the OOM killer, an operator) says nothing about the file.
  if (exitCode === null || RESOURCE_TROUBLE.test(stderr)) return 'FFMPEG_FAILED';
  if (UNDECODABLE.test(stderr)) return 'UNSUPPORTED';
  if (BROKEN_INPUT.test(stderr)) return 'DAMAGED';
  return 'FFMPEG_FAILED';
}

// Printed (with exit code 0) when a demuxer hits the end of a file that promised more.
const TRUNCATED_INPUT = /partial file|Read error|Truncat|unexpected end of file/i;

/**
 * A pass over the whole input (remux, rendition) exits 0 even when the input stops early: mp4 with
 * its index first reports "partial file", Matroska a "Read error", and the output is just shorter.
 * Throws DAMAGED for either sign: the stderr marker, or an output that covers clearly less of the
 * timeline than the input's stated duration (5%, at least 1.5 s, of slack for rounding).
 */
export function assertWholeInputRead(result: RunFfmpegResult, sourceDurationSec: number | null | undefined): void {
  if (TRUNCATED_INPUT.test(result.stderrTail)) {
    throw new MediaError('DAMAGED', `ffmpeg reached the end of a truncated input:\n${result.stderrTail}`, { stderr: result.stderrTail });
  }
  if (sourceDurationSec && sourceDurationSec > 0 && result.outTimeSec !== null) {
    const slack = Math.max(1.5, sourceDurationSec * 0.05);
    if (result.outTimeSec < sourceDurationSec - slack) {
      throw new MediaError('DAMAGED', `output stops at ${result.outTimeSec.toFixed(2)} s of a ${sourceDurationSec.toFixed(2)} s input`, {
        stderr: result.stderrTail,
      });
    }
  }
}

async function isNonEmptyFile(file: string): Promise<boolean> {
  try {
    const info = await stat(file);
    return info.isFile() && info.size > 0;
  } catch {
    return false;
  }
}
