import { absoluteInput, describeInput, linkOptions, type MediaInput } from './args/common';
import { findFfprobe } from './binaries';
import { runChild } from './child-runner';
import { MediaError } from './media-error';

/** What an H.264 decoder is configured with: the parameter sets, as hex, in stream order. */
export interface H264Header {
  profileIdc: number;
  levelIdc: number;
  sps: string[];
  pps: string[];
}

/**
 * ffprobe prints a stream's extradata (an MP4's avcC box body) with -show_data. ffprobe is used on
 * MP4 only: the shipped static ffprobe build crashes (SIGSEGV) on any MPEG-TS file.
 */
export function codecHeaderProbeArgs(file: MediaInput): string[] {
  return ['-v', 'error', '-select_streams', 'v:0', '-show_data', '-show_entries', 'stream=codec_name,extradata', '-of', 'json', ...linkOptions(file), absoluteInput(file)];
}

/** ffprobe's hexdump ("00000000: 0164 001e ffe1 ...  .d......") back to bytes. */
export function parseHexDump(dump: string): Uint8Array {
  const hex: string[] = [];
  for (const line of dump.split('\n')) {
    const match = line.match(/^[0-9a-f]{8}: (.{1,40})/i);
    if (match?.[1]) hex.push(match[1].replace(/\s+/g, ''));
  }
  return Uint8Array.from(Buffer.from(hex.join(''), 'hex'));
}

/**
 * The parameter sets of H.264 extradata, either an avcC record (MP4) or Annex B start-code NAL
 * units (raw/TS). Null when the bytes are neither or hold no SPS.
 */
export function parseH264Header(bytes: Uint8Array): H264Header | null {
  const nals = bytes[0] === 1 ? avccNals(bytes) : annexBNals(bytes);
  if (!nals) return null;
  const sps = nals.filter((n) => (n[0]! & 0x1f) === 7);
  const pps = nals.filter((n) => (n[0]! & 0x1f) === 8);
  const first = sps[0];
  if (!first || first.length < 4) return null;
  const hex = (n: Uint8Array) => Buffer.from(n).toString('hex');
  return { profileIdc: first[1]!, levelIdc: first[3]!, sps: sps.map(hex), pps: pps.map(hex) };
}

/**
 * Why two headers differ, or null when a decoder set up with one decodes the other's packets: the
 * same SPS and PPS bytes (which carry profile, level, size, reference frames, entropy coder, initial
 * QP and the frame rate in the VUI). A stream that switches parameter sets mid-file is legal H.264,
 * but an MP4 keeps only the first avcC, so players would decode the copied part with the wrong ones.
 */
export function headerMismatch(a: H264Header, b: H264Header): string | null {
  if (a.profileIdc !== b.profileIdc) return `profile ${a.profileIdc} vs ${b.profileIdc}`;
  if (a.levelIdc !== b.levelIdc) return `level ${a.levelIdc / 10} vs ${b.levelIdc / 10}`;
  if (a.sps.join() !== b.sps.join()) return 'different sequence parameter sets';
  if (a.pps.join() !== b.pps.join()) return 'different picture parameter sets';
  return null;
}

/** The H.264 header of an MP4's first video stream; null when it is not H.264 or has none. */
export async function readH264Header(file: MediaInput, options: { signal?: AbortSignal; ffprobePath?: string } = {}): Promise<H264Header | null> {
  let stdout = '';
  const result = await runChild(options.ffprobePath ?? findFfprobe().path, codecHeaderProbeArgs(file), {
    signal: options.signal,
    timeoutMs: 30_000,
    onStdout: (chunk) => (stdout += chunk),
  });
  if (result.exitCode !== 0) {
    throw new MediaError('FFMPEG_FAILED', `ffprobe could not read the codec header of ${describeInput(file)}: ${result.stderrTail || `exit code ${result.exitCode}`}`);
  }
  let stream: { codec_name?: string; extradata?: string } | undefined;
  try {
    stream = (JSON.parse(stdout) as { streams?: (typeof stream)[] }).streams?.[0];
  } catch (error) {
    throw new MediaError('FFMPEG_FAILED', `ffprobe printed invalid JSON for ${describeInput(file)}`, { cause: error });
  }
  if (stream?.codec_name !== 'h264' || !stream.extradata) return null;
  return parseH264Header(parseHexDump(stream.extradata));
}

function avccNals(bytes: Uint8Array): Uint8Array[] | null {
  // configurationVersion, profile, compatibility, level, lengthSizeMinusOne, then SPS and PPS lists.
  const nals: Uint8Array[] = [];
  let at = 5;
  for (const countMask of [0x1f, 0xff]) {
    if (at >= bytes.length) return null;
    const count = bytes[at]! & countMask;
    at += 1;
    for (let i = 0; i < count; i++) {
      if (at + 2 > bytes.length) return null;
      const length = (bytes[at]! << 8) | bytes[at + 1]!;
      at += 2;
      if (length === 0 || at + length > bytes.length) return null;
      nals.push(bytes.subarray(at, at + length));
      at += length;
    }
  }
  return nals;
}

function annexBNals(bytes: Uint8Array): Uint8Array[] | null {
  const starts: number[] = [];
  for (let i = 0; i + 2 < bytes.length; i++) {
    if (bytes[i] === 0 && bytes[i + 1] === 0 && bytes[i + 2] === 1) {
      starts.push(i + 3);
      i += 2;
    }
  }
  if (starts.length === 0) return null;
  return starts.map((start, i) => {
    let end = i + 1 < starts.length ? starts[i + 1]! - 3 : bytes.length;
    // A 4-byte start code's leading zero belongs to the gap, not to the NAL before it.
    while (end > start && bytes[end - 1] === 0) end -= 1;
    return bytes.subarray(start, end);
  });
}
