import { liveAudioEncodeArgs, liveVideoEncodeArgs } from './live-segmenter';

export interface BrowserPublishOptions {
  /** Where the stream is published, e.g. `rtmp://127.0.0.1:1935/live/<ingestKey>`. */
  output: string;
  /** Output frame rate (at most: frames are not duplicated when the browser sends fewer). */
  fps: number;
  /** Video bitrate cap: a phone's upload is what limits, not the encoder. */
  maxBitrateKbps: number;
}

/**
 * Turns a browser's MediaRecorder stream (WebM: VP8/VP9/H.264 + Opus, read from stdin) into an RTMP
 * publish the ingest packages like any encoder's: H.264 with a keyframe each second (what the ingest's
 * 1 s segments need; MediaRecorder's own keyframes are rare) and AAC, tuned for latency (no B-frames,
 * no lookahead). MediaRecorder's frame rate varies with light and load (15 fps on a busy machine), and
 * FLV output is variable-rate: keyframes are forced by media time, since every `fps` frames would be
 * 2 s or more apart, and so would the segments and the viewers' latency.
 */
export function browserPublishArgs(options: BrowserPublishOptions): string[] {
  const fps = Math.max(1, Math.round(options.fps));
  const kbps = Math.max(100, Math.round(options.maxBitrateKbps));
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-nostats',
    '-f',
    'webm',
    '-i',
    'pipe:0',
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...liveVideoEncodeArgs(),
    '-r',
    String(fps),
    '-g',
    String(fps),
    '-keyint_min',
    String(fps),
    '-b:v',
    `${kbps}k`,
    '-maxrate',
    `${kbps}k`,
    '-bufsize',
    `${kbps * 2}k`,
    ...liveAudioEncodeArgs(),
    '-f',
    'flv',
    options.output,
  ];
}
