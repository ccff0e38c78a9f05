import { loudnessArgs } from '../args/loudness';
import { findFfmpeg } from '../binaries';
import { runChild } from '../child-runner';
import { MediaError } from '../media-error';
import { createLoudnessParser, type LoudnessSample } from './loudness-parse';

export interface LoudnessRunOptions {
  ffmpegPath?: string;
  signal?: AbortSignal;
  /** Network inputs: end when no data arrives for this long (see loudnessArgs). */
  stallTimeoutSec?: number;
}

/**
 * Runs the loudness analysis on `input` (a file, or a live URL) and yields each 100 ms sample as
 * ffmpeg logs it. Ends when ffmpeg ends; throws MediaError when it fails (ABORTED after `signal`).
 * Leaving the loop early stops ffmpeg, and the generator returns only after it has exited.
 */
export async function* loudnessSamples(input: string, options: LoudnessRunOptions = {}): AsyncGenerator<LoudnessSample> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (options.signal?.aborted) abort();
  options.signal?.addEventListener('abort', abort, { once: true });

  let queue: LoudnessSample[] = [];
  let finished = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const run = runChild(options.ffmpegPath ?? findFfmpeg().path, loudnessArgs({ input, stallTimeoutSec: options.stallTimeoutSec }), {
    signal: controller.signal,
    // Nothing to finish writing (the output is null), and a stalled network read ignores SIGTERM.
    killGraceMs: 250,
    onStderr: createLoudnessParser((sample) => {
      queue.push(sample);
      notify();
    }),
  })
    .then(
      (result) => {
        if (result.exitCode !== 0) {
          const how = result.exitCode === null ? `was killed by ${result.signal ?? 'a signal'}` : `exited with code ${result.exitCode}`;
          failure = new MediaError('FFMPEG_FAILED', `ffmpeg (loudness) ${how}${result.stderrTail ? `:\n${result.stderrTail}` : ''}`, {
            exitCode: result.exitCode,
            stderr: result.stderrTail,
          });
        }
      },
      (error: unknown) => {
        failure = error;
      },
    )
    .finally(() => {
      finished = true;
      notify();
    });

  try {
    for (;;) {
      const batch = queue;
      queue = [];
      yield* batch;
      if (finished && queue.length === 0) break;
      if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (failure) throw failure;
  } finally {
    abort();
    await run;
    options.signal?.removeEventListener('abort', abort);
  }
}
