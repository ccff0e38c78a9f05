import path from 'node:path';

/** Every builder starts with this: quiet, non-interactive, overwrite, machine-readable progress on stdout. */
export const BASE_ARGS: readonly string[] = Object.freeze([
  '-hide_banner',
  '-nostdin',
  '-y',
  '-loglevel',
  'error',
  '-progress',
  'pipe:1',
  '-nostats',
]);

export function baseArgs(): string[] {
  return [...BASE_ARGS];
}

/**
 * ffmpeg reads a leading "-" as an option and "name:" as a protocol. Absolute paths (what
 * callers normally pass) are left alone; anything ambiguous gets an explicit `file:` prefix.
 */
export function mediaPath(file: string): string {
  if (file.startsWith('-') || /^[A-Za-z0-9+.-]{2,}:/.test(file)) return `file:${file}`;
  return file;
}

/**
 * What ffmpeg and ffprobe read: a local file, or an object store's presigned http(s) link. A link
 * is read with range requests: the index of a faststart MP4, then only the bytes of the times a
 * seek (`-ss` before `-i`, a concat inpoint, -read_intervals) lands on.
 */
export type MediaInput = string | URL;

/** The input as an ffmpeg argument: a path as mediaPath gives it, a link as its text. */
export function inputArg(input: MediaInput): string {
  return typeof input === 'string' ? mediaPath(input) : linkText(input);
}

/**
 * Options to put before a link's `-i` (none for a file). Each open reads the index from the start
 * of the file and then jumps to the clip, abandoning a response; what the kernel had buffered of
 * it by then was transferred for nothing, and an autotuned receive buffer holds megabytes.
 */
export function linkOptions(input: MediaInput): string[] {
  return typeof input === 'string' ? [] : ['-recv_buffer_size', String(LINK_RECEIVE_BUFFER_BYTES)];
}

const LINK_RECEIVE_BUFFER_BYTES = 256 * 1024;

/** The input as an absolute path, or a link as its text. */
export function absoluteInput(input: MediaInput): string {
  return typeof input === 'string' ? path.resolve(input) : linkText(input);
}

/** The input for a message: a link without its query, which is its credential. */
export function describeInput(input: MediaInput): string {
  return typeof input === 'string' ? input : `${input.origin}${input.pathname}`;
}

function linkText(url: URL): string {
  // Only what a store answers; a file: or concat: URL would read what the caller never meant.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError(`media links must be http or https, not ${url.protocol}`);
  return url.href;
}

/** Seconds as ffmpeg expects them: plain decimal, millisecond precision, never exponent notation. */
export function seconds(value: number): string {
  const ms = Math.max(0, Math.round(value * 1000));
  const whole = Math.floor(ms / 1000);
  const frac = ms % 1000;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
}

/**
 * The size ffmpeg's scale filter gives the free side for `-2`: av_rescale rounds to nearest
 * (halves away from zero), then the result is kept even.
 */
export function scaledEven(fixed: number, fixedSource: number, freeSource: number): number {
  const den = fixedSource * 2;
  return Math.floor((fixed * freeSource + Math.floor(den / 2)) / den) * 2;
}

export function floorEven(n: number): number {
  return Math.max(2, Math.floor(n / 2) * 2);
}
