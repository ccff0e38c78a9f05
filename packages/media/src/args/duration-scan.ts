import { baseArgs, mediaPath } from './common';

/**
 * Reads every packet of the first video and audio stream without decoding and writes nothing:
 * the last `-progress` out_time is the real duration. For containers that state none (a browser's
 * MediaRecorder webm), and cheap (I/O bound) for anything else.
 */
export function durationScanArgs(input: string): string[] {
  return [...baseArgs(), '-i', mediaPath(input), '-map', '0:v:0?', '-map', '0:a:0?', '-c', 'copy', '-f', 'null', '-'];
}
