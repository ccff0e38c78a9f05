import { mediaPath } from './common';

/** What the publisher sends, as far as the segmenter cares: each track is copied when a browser plays it as is. */
export interface LiveInputCodecs {
  /** H.264: copied; anything else (or unknown) is encoded. */
  videoIsH264: boolean;
  /** AAC: copied; anything else (or unknown) is encoded. */
  audioIsAac: boolean;
}

export interface LiveSegmenterOptions extends LiveInputCodecs {
  /** The stream to pull, e.g. `rtmp://127.0.0.1:1935/live/<ingestKey>`. */
  input: string;
  /** Directory the numbered segments (`0.ts`, `1.ts`, ...) are written to. */
  outputDir: string;
  /** A read that waits longer than this ends the run (the publisher is gone or stuck). */
  readTimeoutSec: number;
}

/** Segment length; the playlist helper and the hls.js tuning assume 1 s. */
export const LIVE_SEGMENT_SEC = 1;

/**
 * H.264 for a live stream: latency over size (no B-frames, no lookahead) and a keyframe every segment
 * length of media time, whatever the input's frame rate, so every segment can start on one.
 */
export function liveVideoEncodeArgs(): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${LIVE_SEGMENT_SEC})`,
  ];
}

/** AAC as browsers play it, for a live stream whose audio is anything else. */
export function liveAudioEncodeArgs(): string[] {
  return ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'];
}

/**
 * Pulls a live stream and cuts it into 1 s MPEG-TS segments. Each finished segment is announced on
 * stdout as a CSV line `<file>,<start>,<end>` (the segment muxer's list, flushed per entry), so the
 * caller needs no file watching. `-copyts` keeps the publisher's own timestamps (ms since its publish
 * began), which is what the caller anchors to the wall clock. A segment closes at the first keyframe
 * at least 1 s after the last one: with the encoder's keyframe interval at 1 s, every segment is 1 s.
 * Works on ffmpeg 4.1 and 5.1.
 */
export function liveSegmenterArgs(options: LiveSegmenterOptions): string[] {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-nostats',
    // Microseconds; without it a publisher that stops sending leaves ffmpeg waiting forever.
    '-rw_timeout',
    String(Math.round(options.readTimeoutSec * 1_000_000)),
    '-i',
    options.input,
    '-map',
    '0:v:0?',
    '-map',
    '0:a:0?',
    '-copyts',
  ];
  args.push(...(options.videoIsH264 ? ['-c:v', 'copy'] : liveVideoEncodeArgs()));
  args.push(...(options.audioIsAac ? ['-c:a', 'copy'] : liveAudioEncodeArgs()));
  args.push(
    '-f',
    'segment',
    '-segment_format',
    'mpegts',
    '-segment_time',
    String(LIVE_SEGMENT_SEC),
    // A keyframe a few ms early (timestamp rounding) still starts the next segment.
    '-segment_time_delta',
    '0.05',
    '-segment_list',
    'pipe:1',
    '-segment_list_type',
    'csv',
    '-max_muxing_queue_size',
    '1024',
    mediaPath(`${options.outputDir.replace(/\/+$/, '')}/%d.ts`),
  );
  return args;
}

export interface LiveSegmentLine {
  /** The segment's number in this run (from its file name `<n>.ts`). */
  index: number;
  file: string;
  startSec: number;
  endSec: number;
}

/** One line of the segment list (`3.ts,3.000000,4.000000`); null for anything else. */
export function parseLiveSegmentLine(line: string): LiveSegmentLine | null {
  const match = /^(?:.*\/)?((\d+)\.ts),(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\s*$/.exec(line);
  if (!match) return null;
  const startSec = Number(match[3]);
  const endSec = Number(match[4]);
  if (!(endSec >= startSec)) return null;
  return { index: Number(match[2]), file: match[1]!, startSec, endSec };
}
