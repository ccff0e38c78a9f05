import { stat } from 'node:fs/promises';
import path from 'node:path';
import { findFfprobe } from './binaries';
import { runChild } from './child-runner';
import { MediaError } from './media-error';
import { parseProbe, type ProbeResult, type ProbeVideo, type RawProbe } from './probe-parse';

export type { ProbeAudio, ProbeResult, ProbeStream, ProbeVideo, Rotation } from './probe-parse';

export interface ProbeOptions {
  ffprobePath?: string;
  signal?: AbortSignal;
  /** Default 30 s. */
  timeoutMs?: number;
}

export async function probe(file: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  // Absolute, so a name like "-x.mp4" or "a:b.mp4" is never read as an option or protocol.
  const absolute = path.resolve(file);
  const sizeBytes = await fileSize(absolute);
  if (sizeBytes === 0) throw new MediaError('EMPTY_FILE', `${absolute} is empty`);

  const ffprobePath = options.ffprobePath ?? findFfprobe().path;
  // Reading headers takes milliseconds; a hang means a hostile or broken file, not a slow one.
  const timeoutMs = options.timeoutMs ?? 30_000;
  let stdout = '';
  const result = await runChild(
    ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', absolute],
    { signal: options.signal, timeoutMs, onStdout: (chunk) => (stdout += chunk) },
  );

  if (result.exitCode !== 0) {
    throw new MediaError('NOT_MEDIA', `ffprobe could not read ${absolute}: ${result.stderrTail || `exit code ${result.exitCode}`}`, {
      exitCode: result.exitCode,
      stderr: result.stderrTail,
    });
  }

  let raw: RawProbe;
  try {
    raw = JSON.parse(stdout) as RawProbe;
  } catch (error) {
    throw new MediaError('NOT_MEDIA', `ffprobe printed invalid JSON for ${absolute}`, { cause: error });
  }
  return parseProbe(raw, sizeBytes);
}

/** Narrows a probe result to one we can transcode; audio-only files are rejected here, not in probe(). */
export function assertPlayableVideo(result: ProbeResult): asserts result is ProbeResult & { video: ProbeVideo } {
  if (result.video) return;
  throw new MediaError('NO_VIDEO', `no video stream (format ${result.formatName}, audio ${result.audio?.codec ?? 'none'})`);
}

async function fileSize(file: string): Promise<number> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new MediaError('NOT_FOUND', `${file} is not a regular file`);
    return info.size;
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw new MediaError('NOT_FOUND', `cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
}
