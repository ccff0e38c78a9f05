import { stat } from 'node:fs/promises';
import { absoluteInput, describeInput, linkOptions, type MediaInput } from './args/common';
import { findFfprobe } from './binaries';
import { runChild } from './child-runner';
import { MediaError, type MediaErrorOptions } from './media-error';
import { readFileHead, sniffMedia } from './sniff';
import { parseProbe, type ProbeResult, type ProbeVideo, type RawProbe } from './probe-parse';

export type { ProbeAudio, ProbeResult, ProbeStream, ProbeVideo, Rotation } from './probe-parse';

export interface ProbeOptions {
  ffprobePath?: string;
  signal?: AbortSignal;
  /** Default 30 s. */
  timeoutMs?: number;
}

/**
 * A file, or a link (an object store's presigned URL): ffprobe then reads the index with range
 * requests, and the size comes from the answer.
 */
export async function probe(file: MediaInput, options: ProbeOptions = {}): Promise<ProbeResult> {
  // Absolute, so a name like "-x.mp4" or "a:b.mp4" is never read as an option or protocol.
  const absolute = absoluteInput(file);
  const name = typeof file === 'string' ? absolute : describeInput(file);
  const sizeBytes = typeof file === 'string' ? await fileSize(absolute) : null;
  if (sizeBytes === 0) throw new MediaError('EMPTY_FILE', `${absolute} is empty`);

  const ffprobePath = options.ffprobePath ?? findFfprobe().path;
  // Reading headers takes milliseconds; a hang means a hostile or broken file, not a slow one.
  const timeoutMs = options.timeoutMs ?? 30_000;
  let stdout = '';
  const result = await runChild(
    ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...linkOptions(file), absolute],
    { signal: options.signal, timeoutMs, onStdout: (chunk) => (stdout += chunk) },
  );

  if (result.exitCode !== 0) {
    const message = `ffprobe could not read ${name}: ${result.stderrTail || `exit code ${result.exitCode}`}`;
    const details = { exitCode: result.exitCode, stderr: result.stderrTail };
    // A link that fails may be the network or the store, not the file: worth a retry.
    throw typeof file === 'string' ? await unreadable(absolute, message, details) : new MediaError('FFMPEG_FAILED', message, details);
  }

  let raw: RawProbe;
  try {
    raw = JSON.parse(stdout) as RawProbe;
  } catch (error) {
    throw new MediaError('NOT_MEDIA', `ffprobe printed invalid JSON for ${name}`, { cause: error });
  }
  try {
    return parseProbe(raw, sizeBytes ?? 0);
  } catch (error) {
    // "No streams" from a file that starts like a movie is a movie cut short, not a text file.
    if (error instanceof MediaError && error.code === 'NOT_MEDIA' && typeof file === 'string') throw await unreadable(absolute, error.message, { cause: error });
    throw error;
  }
}

/**
 * ffprobe gives the same error for a text file named .mp4 and an mp4 cut short; the first bytes
 * tell them apart: a known container is DAMAGED, a known image IMAGE, a known audio format NO_VIDEO.
 */
async function unreadable(file: string, message: string, options: MediaErrorOptions): Promise<MediaError> {
  const sniffed = sniffMedia(await readFileHead(file).catch(() => new Uint8Array()));
  if (sniffed?.kind === 'video') return new MediaError('DAMAGED', `${message} (starts like ${sniffed.format})`, options);
  if (sniffed?.kind === 'image') return new MediaError('IMAGE', `${message} (starts like ${sniffed.format})`, options);
  if (sniffed?.kind === 'audio') return new MediaError('NO_VIDEO', `${message} (starts like ${sniffed.format})`, options);
  return new MediaError('NOT_MEDIA', message, options);
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
