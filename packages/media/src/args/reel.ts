import { MediaError } from '../media-error';
import type { ProbeResult } from '../probe-parse';
import { baseArgs, mediaPath, seconds } from './common';
import { aacArgs, formatFps, fullPreset, renditionFps, renditionSize, x264Args } from './rendition';
import type { ClipEncoder } from './clip';
import { heldChunkFilters, holdsDurationSec, planHolds, type PlannedHold, type ReelHold } from './reel-holds';

export interface ReelChunk {
  path: string;
  probe: ProbeResult;
  start: number;
  duration: number;
  /** Drawings burnt in: frames frozen under an overlay (reel-holds.ts). */
  holds?: readonly ReelHold[];
}

export interface ReelPlanOptions {
  /** Cap for the short side of the reel. Default 1080. */
  maxHeight?: number;
  /** Default fullPreset's settings. */
  encoder?: ClipEncoder;
}

export interface ReelPlan {
  width: number;
  height: number;
  fps: number;
  /** Sum of the chunks' durations, each cut short where its source ends, and of their holds. */
  durationSec: number;
  encoder: ClipEncoder;
  /** `durationSec` is what is read of the source; `holds`, when there are any, lengthen the chunk. */
  chunks: { path: string; startSec: number; durationSec: number; audio: boolean; holds?: PlannedHold[] }[];
}

/**
 * One MP4 of a reel whose chunks come from different sources. The concat demuxer can only join
 * streams of one shape (and even then logs non-monotonic DTS at each MP4 join), so every chunk is
 * decoded and normalised to one picture size (fitted and padded, square pixels), frame rate and pixel
 * format, and to 48 kHz stereo (silence where a chunk has no audio), then joined by the concat filter.
 * The reel takes the size of its largest chunk (capped at maxHeight) and its highest frame rate.
 */
export function planReelExport(chunks: readonly ReelChunk[], options: ReelPlanOptions = {}): ReelPlan {
  if (chunks.length === 0) throw new RangeError('a reel needs at least one chunk');
  const planned = chunks.map((chunk, i) => {
    const video = chunk.probe.video;
    if (!video) throw new MediaError('NO_VIDEO', `chunk ${i + 1} (${chunk.path}) has no video stream`);
    if (!(Number.isFinite(chunk.start) && chunk.start >= 0)) throw new RangeError(`chunk ${i + 1}: invalid start ${chunk.start}`);
    if (!(Number.isFinite(chunk.duration) && chunk.duration > 0)) throw new RangeError(`chunk ${i + 1}: invalid duration ${chunk.duration}`);
    const available = chunk.probe.durationSec === null ? chunk.duration : chunk.probe.durationSec - chunk.start;
    if (!(available > 0)) throw new RangeError(`chunk ${i + 1} starts after the end of ${chunk.path}`);
    return { chunk, video, durationSec: Math.min(chunk.duration, available) };
  });

  const largest = planned.reduce((a, b) => (b.video.displayWidth * b.video.displayHeight > a.video.displayWidth * a.video.displayHeight ? b : a));
  const size = renditionSize({
    height: options.maxHeight ?? fullPreset.height,
    sourceWidth: largest.video.displayWidth,
    sourceHeight: largest.video.displayHeight,
  });
  const fps = Math.max(...planned.map(({ video }) => renditionFps(video.nominalFps ?? video.fps, fullPreset.maxFps)));
  const chunkPlans = planned.map(({ chunk, durationSec }) => {
    const holds = planHolds(chunk.holds ?? [], fps, durationSec);
    return { path: chunk.path, startSec: chunk.start, durationSec, audio: chunk.probe.audio !== null, ...(holds.length > 0 && { holds }) };
  });
  return {
    width: size.width,
    height: size.height,
    fps,
    durationSec: chunkPlans.reduce((sum, c) => sum + c.durationSec + holdsDurationSec(c.holds ?? [], fps), 0),
    encoder: options.encoder ?? { crf: fullPreset.crf, preset: fullPreset.preset, maxBitrateKbps: fullPreset.maxBitrateKbps },
    chunks: chunkPlans,
  };
}

/** The overlays of every hold, in chunk and hold order: inputs after the chunks'. */
const overlaysOf = (plan: ReelPlan): string[] => plan.chunks.flatMap((chunk) => (chunk.holds ?? []).map((h) => h.overlay));

/** The filter graph that normalises each chunk and joins them into [v] and [a]. */
export function reelFilterGraph(plan: ReelPlan): string {
  const { width: w, height: h } = plan;
  let overlays = plan.chunks.length;
  const parts = plan.chunks.map((chunk, i) => {
    const d = seconds(chunk.durationSec);
    const video =
      `[${i}:v:0]fps=${formatFps(plan.fps)},trim=duration=${d},setpts=PTS-STARTPTS,` +
      `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p`;
    // apad + atrim: exactly the chunk's length even where its audio ends early.
    const audio = chunk.audio
      ? `[${i}:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=duration=${d},asetpts=PTS-STARTPTS`
      : `anullsrc=channel_layout=stereo:sample_rate=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=duration=${d}`;
    if (!chunk.holds) return `${video}[v${i}];${audio}[a${i}]`;
    const filters = heldChunkFilters(i, { video, audio }, { durationSec: chunk.durationSec, holds: chunk.holds }, plan.fps, overlays);
    overlays += chunk.holds.length;
    return filters;
  });
  const inputs = plan.chunks.map((_, i) => `[v${i}][a${i}]`).join('');
  return `${parts.join(';')};${inputs}concat=n=${plan.chunks.length}:v=1:a=1[v][a]`;
}

export function reelExportArgs(plan: ReelPlan, output: string): string[] {
  const args = baseArgs();
  // -ss/-t before -i: each source is read only for its chunk.
  for (const chunk of plan.chunks) args.push('-ss', seconds(chunk.startSec), '-t', seconds(chunk.durationSec), '-i', mediaPath(chunk.path));
  for (const overlay of overlaysOf(plan)) args.push('-i', mediaPath(overlay));
  args.push(
    '-filter_complex',
    reelFilterGraph(plan),
    '-map',
    '[v]',
    '-map',
    '[a]',
    ...x264Args({ width: plan.width, height: plan.height, fps: plan.fps, ...plan.encoder }),
    ...aacArgs(),
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    mediaPath(output),
  );
  return args;
}
