import { mediaPath } from './common';

export interface LoudnessOptions {
  /** A file path, or a network URL (rtmp://, http(s)://, ...) such as the live ingest's local pull URL. */
  input: string;
  /**
   * Network inputs only: give up when no data arrives for this long. A publisher that goes away leaves a
   * pulling ffmpeg waiting forever otherwise (node-media-server sends no end of stream). Default 10 s.
   */
  stallTimeoutSec?: number;
}

/**
 * What ametadata logs for each 100 ms frame: `frame:N pts:P pts_time:T`, then `lavfi.r128.M=<LUFS>`, each
 * behind a `[Parsed_ametadata_1 @ 0x...] ` prefix. To the log (stderr), not `file=-` (stdout):
 * that file is written through a 32 KB buffer that ffmpeg 4.1 cannot turn off (5.1's `direct` option
 * can), which held back ~30 s of a live stream's readings.
 */
export const LOUDNESS_FILTER = 'ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.M';

const NETWORK_URL = /^(rtmps?|rtmpt|https?|srt|tcp|udp):\/\//i;

/**
 * EBU R128 momentary loudness of the first audio stream every 100 ms, logged to stderr (see
 * LOUDNESS_FILTER) at `info`; `repeat` keeps identical lines (silence reads the same every frame)
 * from being folded into "Last message repeated n times".
 */
export function loudnessArgs(options: LoudnessOptions): string[] {
  const network = NETWORK_URL.test(options.input);
  const args = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'repeat+info'];
  // A live pull keeps the publisher's timestamps (as the segmenter does), so a reading's time maps to the
  // wall clock with the same anchor as the segments, whenever the pull joined the stream.
  if (network) args.push('-rw_timeout', String(Math.round((options.stallTimeoutSec ?? 10) * 1_000_000)), '-copyts');
  args.push('-i', network ? options.input : mediaPath(options.input));
  args.push('-map', '0:a:0', '-vn', '-sn', '-dn', '-af', LOUDNESS_FILTER, '-f', 'null', '-');
  return args;
}
