import type { ProbeResult } from '../probe-parse';
import { baseArgs, mediaPath } from './common';

export interface RemuxOptions {
  input: string;
  output: string;
  /** Keep the first audio stream if there is one. Default true. */
  audio?: boolean;
}

/**
 * Stream copy into an MP4 for the first play of a source whose container browsers do not play (a
 * phone's .mov). The index stays at the end: browsers fetch it with a range request, and moving it
 * to the front (+faststart) would write the whole file twice (2 GB: 9 s instead of 3 s).
 */
export function remuxArgs(options: RemuxOptions): string[] {
  const args = [...baseArgs(), '-i', mediaPath(options.input), '-map', '0:v:0'];
  if (options.audio ?? true) args.push('-map', '0:a:0?');
  args.push(
    '-c',
    'copy',
    // Drops container tags such as a phone's GPS location.
    '-map_metadata',
    '-1',
    '-f',
    'mp4',
    mediaPath(options.output),
  );
  return args;
}

const REMUXABLE_PIX_FMTS = new Set(['yuv420p', 'yuvj420p']);

/**
 * True when copying the streams gives a file every browser plays correctly: 8-bit 4:2:0 H.264,
 * AAC or no audio, upright (players disagree on honouring rotation), constant frame rate.
 */
export function canRemux(result: ProbeResult): boolean {
  const { video, audio } = result;
  if (!video) return false;
  return (
    video.codec === 'h264' &&
    video.pixFmt !== null &&
    REMUXABLE_PIX_FMTS.has(video.pixFmt) &&
    video.rotation === 0 &&
    !video.isVariableFrameRate &&
    (audio === null || audio.codec === 'aac')
  );
}
