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

/** What ametadata prints for each 100 ms frame: `frame:N pts:P pts_time:T`, then `lavfi.r128.M=<LUFS>`. */
export const LOUDNESS_FILTER = 'ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.M:file=-';

const NETWORK_URL = /^(rtmps?|rtmpt|https?|srt|tcp|udp):\/\//i;

/**
 * EBU R128 momentary loudness of the first audio stream every 100 ms, printed to stdout (see
 * LOUDNESS_FILTER); nothing else goes to stdout (no `-progress`), so the output parses line by line.
 */
export function loudnessArgs(options: LoudnessOptions): string[] {
  const network = NETWORK_URL.test(options.input);
  const args = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error'];
  if (network) args.push('-rw_timeout', String(Math.round((options.stallTimeoutSec ?? 10) * 1_000_000)));
  args.push('-i', network ? options.input : mediaPath(options.input));
  args.push('-map', '0:a:0', '-vn', '-sn', '-dn', '-af', LOUDNESS_FILTER, '-f', 'null', '-');
  return args;
}
