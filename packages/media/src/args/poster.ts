import { baseArgs, mediaPath, scaledEven, seconds } from './common';

export interface PosterOptions {
  input: string;
  /** A .jpg path. */
  output: string;
  timeSec: number;
  /** Maximum width; smaller sources are not upscaled. Default 640. */
  width?: number;
}

/** One JPEG frame. Seeking before -i is fast and still frame-accurate when decoding. */
export function posterArgs(options: PosterOptions): string[] {
  return [...baseArgs(), '-ss', seconds(options.timeSec), '-i', mediaPath(options.input), ...posterOutputArgs(options.output, options.width)];
}

/** The output options writing the first video frame of input `input` (default 0) as one JPEG, at most `width` wide (default 640). */
export function posterOutputArgs(output: string, width = 640, input = 0): string[] {
  return [
    '-map',
    `${input}:v:0`,
    '-an',
    '-frames:v',
    '1',
    '-vf',
    `scale='min(${width},iw)':-2`,
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    // -update writes exactly this file name instead of treating it as an image-sequence pattern.
    '-f',
    'image2',
    '-update',
    '1',
    mediaPath(output),
  ];
}

/**
 * Where to take the poster: a little into the video (first frames are often black or a
 * fade-in), never past the end, where ffmpeg would silently write nothing.
 */
export function posterTimeSec(durationSec: number | null): number {
  if (durationSec === null || !(durationSec > 0)) return 0;
  return Math.min(durationSec * 0.1, 5);
}

/** The poster size ffmpeg produces from a source of this display size. */
export function posterSize(sourceWidth: number, sourceHeight: number, maxWidth = 640): { width: number; height: number } {
  const width = Math.min(maxWidth, sourceWidth);
  return { width, height: scaledEven(width, sourceWidth, sourceHeight) };
}
