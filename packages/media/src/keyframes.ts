import { findFfprobe } from './binaries';
import { runChild } from './child-runner';
import { absoluteInput, describeInput, linkOptions, seconds, type MediaInput } from './args/common';
import { MediaError } from './media-error';

/**
 * Keyframe times of the first video stream between fromSec and toSec, from the packets' key flags.
 * Flags come from the container index (an MP4's sync-sample table) without decoding anything, where
 * `-skip_frame nokey -show_entries frame=pts_time` decodes every keyframe (a 1080p I-frame each 2 s
 * of a two-hour game). -read_intervals seeks to the keyframe at or before fromSec, so the answer
 * includes the keyframe a clip would start from either way.
 */
export function keyframeProbeArgs(file: MediaInput, fromSec: number, toSec: number): string[] {
  return [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-read_intervals',
    `${seconds(fromSec)}%${seconds(toSec)}`,
    '-show_entries',
    'packet=pts_time,flags',
    '-of',
    'csv=p=0',
    ...linkOptions(file),
    absoluteInput(file),
  ];
}

/** ffprobe's `pts_time,flags` lines to the sorted times of the key packets. */
export function parseKeyframes(csv: string): number[] {
  const times = new Set<number>();
  for (const line of csv.split(/\r?\n/)) {
    const [pts, flags] = line.split(',');
    if (!flags?.includes('K') || pts === undefined || pts === '' || pts === 'N/A') continue;
    const time = Number(pts);
    if (Number.isFinite(time)) times.add(time);
  }
  return [...times].sort((a, b) => a - b);
}

export async function listKeyframes(
  file: MediaInput,
  range: { fromSec: number; toSec: number },
  options: { signal?: AbortSignal; ffprobePath?: string } = {},
): Promise<number[]> {
  let stdout = '';
  const result = await runChild(options.ffprobePath ?? findFfprobe().path, keyframeProbeArgs(file, range.fromSec, range.toSec), {
    signal: options.signal,
    // Reading an index is quick; a hang is a broken file or mount.
    timeoutMs: 60_000,
    onStdout: (chunk) => (stdout += chunk),
  });
  if (result.exitCode !== 0) {
    throw new MediaError('DAMAGED', `ffprobe could not list the keyframes of ${describeInput(file)}: ${result.stderrTail || `exit code ${result.exitCode}`}`);
  }
  return parseKeyframes(stdout);
}
