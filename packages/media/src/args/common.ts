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
