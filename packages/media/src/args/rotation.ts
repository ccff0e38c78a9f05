import type { Rotation } from '../probe-parse';
import { baseArgs, mediaPath } from './common';

export interface SetRotationOptions {
  input: string;
  /** An MP4/MOV path: only those containers carry a display matrix. */
  output: string;
  /** Clockwise degrees a player should turn the picture, as probe() reports it. 90 = phone held upright. */
  rotation: Rotation;
}

/** Stream-copies a file, setting its display rotation without re-encoding. */
export function setRotationArgs({ input, output, rotation }: SetRotationOptions): string[] {
  return [
    ...baseArgs(),
    '-i',
    mediaPath(input),
    '-map',
    '0',
    '-c',
    'copy',
    '-metadata:s:v:0',
    `rotate=${rotateTagFor(rotation)}`,
    '-f',
    'mp4',
    mediaPath(output),
  ];
}

/**
 * ffmpeg turns `rotate=N` into a display matrix of N degrees counter-clockwise, i.e. the
 * opposite of the clockwise `rotate` tag it reads back (verified on 4.1 and 5.1), so invert it.
 */
export function rotateTagFor(rotation: Rotation): number {
  return (360 - rotation) % 360;
}
