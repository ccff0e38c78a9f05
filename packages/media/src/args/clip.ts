import { MediaError } from '../media-error';
import type { ProbeResult } from '../probe-parse';
import { absoluteInput, baseArgs, inputArg, linkOptions, mediaPath, seconds, type MediaInput } from './common';
import { posterArgs } from './poster';
import { aacArgs, formatFps, fullPreset, renditionFps, renditionSize, x264Args, type RenditionPreset } from './rendition';

/**
 * copy: every frame is a copied packet. smart: the frames before the first keyframe (and after the
 * last one, when the clip ends mid-group) are re-encoded with the rendition's settings, the rest is
 * copied. reencode: every frame is encoded again.
 */
export type ClipMode = 'copy' | 'smart' | 'reencode';

/** The encoder settings of the rendition being cut (lowPreset or fullPreset for ours). */
export type ClipEncoder = Pick<RenditionPreset, 'crf' | 'preset'> & { maxBitrateKbps?: number };

/** A run of frames of the source: [startFrame, startFrame + frames) at the plan's frame rate. */
export interface ClipPiece {
  kind: 'encode' | 'copy';
  startFrame: number;
  frames: number;
  startSec: number;
  durationSec: number;
}

export interface ClipPlan {
  mode: ClipMode;
  /** Why a copy was not possible; empty for a plain copy. */
  reason: string;
  fps: number;
  startFrame: number;
  frames: number;
  startSec: number;
  durationSec: number;
  width: number;
  height: number;
  audio: boolean;
  encoder: ClipEncoder;
  pieces: ClipPiece[];
}

export interface ClipRange {
  startSec: number;
  durationSec: number;
}

export interface PlanClipOptions {
  /** Settings the source rendition was encoded with. Default: fullPreset's. */
  encoder?: ClipEncoder;
  /** Re-encode everything, for this reason (the runner found the codec headers differ). */
  reencode?: string;
}

/**
 * Decides how to cut [start, start + duration) out of a rendition, in whole frames (times snap to
 * the nearest frame). Copied packets can only start at a keyframe, and only end cleanly where the
 * next group of pictures starts (our renditions have closed GOPs): frames outside that span are
 * re-encoded. Sources that are not our kind of H.264 rendition (another codec or profile, rotated,
 * variable rate) are re-encoded whole; so is a clip that holds no complete group of pictures.
 */
export function planClipCut(source: ProbeResult, range: ClipRange, keyframes: readonly number[], options: PlanClipOptions = {}): ClipPlan {
  const video = source.video;
  if (!video) throw new MediaError('NO_VIDEO', 'a clip needs a video stream');
  const { startSec, durationSec } = range;
  if (!(Number.isFinite(startSec) && startSec >= 0)) throw new RangeError(`invalid clip start: ${startSec}`);
  if (!(Number.isFinite(durationSec) && durationSec > 0)) throw new RangeError(`invalid clip duration: ${durationSec}`);

  const sourceFps = video.nominalFps ?? video.fps;
  const notOurs = options.reencode ?? notOurRendition(source);
  const encoder = options.encoder ?? { crf: fullPreset.crf, preset: fullPreset.preset, maxBitrateKbps: fullPreset.maxBitrateKbps };
  const fps = notOurs || sourceFps === null ? renditionFps(sourceFps) : sourceFps;
  const size = notOurs
    ? renditionSize({ height: fullPreset.height, sourceWidth: video.displayWidth, sourceHeight: video.displayHeight })
    : { width: video.width, height: video.height };

  const videoDurationSec = source.streams.find((s) => s.index === video.index)?.durationSec ?? source.durationSec;
  const totalFrames = videoDurationSec === null ? null : Math.round(videoDurationSec * fps);
  const startFrame = Math.round(startSec * fps);
  let endFrame = Math.round((startSec + durationSec) * fps);
  if (totalFrames !== null) endFrame = Math.min(endFrame, totalFrames);
  if (endFrame <= startFrame) {
    throw new RangeError(`the clip (${seconds(startSec)} s + ${seconds(durationSec)} s) starts after the end of the video`);
  }

  const piece = (kind: ClipPiece['kind'], from: number, to: number): ClipPiece => ({
    kind,
    startFrame: from,
    frames: to - from,
    startSec: from / fps,
    durationSec: (to - from) / fps,
  });
  const plan = (mode: ClipMode, reason: string, pieces: ClipPiece[]): ClipPlan => ({
    mode,
    reason,
    fps,
    startFrame,
    frames: endFrame - startFrame,
    startSec: startFrame / fps,
    durationSec: (endFrame - startFrame) / fps,
    width: size.width,
    height: size.height,
    audio: source.audio !== null,
    encoder,
    pieces,
  });
  const whole = (reason: string) => plan('reencode', reason, [piece('encode', startFrame, endFrame)]);

  if (notOurs) return whole(notOurs);
  const keyFrames = keyframes.map((t) => Math.round(t * fps));
  const first = keyFrames.filter((k) => k >= startFrame).reduce((a, b) => Math.min(a, b), Infinity);
  const last = keyFrames.filter((k) => k <= endFrame).reduce((a, b) => Math.max(a, b), -Infinity);
  // The copy may run to the end of the stream, or up to a keyframe (the start of the next closed GOP).
  const copyEnd = endFrame === totalFrames || last === endFrame ? endFrame : last;
  if (!(first < copyEnd)) return whole('the clip holds no complete group of pictures');

  const pieces = [
    ...(first > startFrame ? [piece('encode', startFrame, first)] : []),
    piece('copy', first, copyEnd),
    ...(copyEnd < endFrame ? [piece('encode', copyEnd, endFrame)] : []),
  ];
  if (pieces.length === 1) return plan('copy', '', pieces);
  return plan('smart', first > startFrame ? 'the clip starts between keyframes' : 'the clip ends between keyframes', pieces);
}

/** Why copying packets of this source could not make a file our player plays, or '' when it can. */
function notOurRendition(source: ProbeResult): string {
  const v = source.video!;
  if (v.codec !== 'h264') return `the source is ${v.codec}, not H.264`;
  if (v.profile !== 'High') return `the source is H.264 ${v.profile ?? 'of an unknown profile'}, not High`;
  if (v.pixFmt !== 'yuv420p') return `the source's pixel format is ${v.pixFmt ?? 'unknown'}`;
  if (v.rotation !== 0) return 'the source is rotated';
  if (v.isVariableFrameRate || (v.nominalFps ?? v.fps) === null) return 'the source has no constant frame rate';
  return '';
}

/**
 * One encoded piece, video only, as an MP4. Seeking a quarter frame early keeps the first wanted
 * frame even when its timestamp is a rounding error below its nominal time (29.97 fps); the
 * constant-rate output then counts exactly `frames` frames.
 */
export function clipEncodeArgs(options: { input: MediaInput; output: string; plan: ClipPlan; piece: ClipPiece }): string[] {
  const { plan, piece } = options;
  const seek = Math.max(0, (piece.startFrame - 0.25) / plan.fps);
  return [
    ...baseArgs(),
    ...linkOptions(options.input),
    '-ss',
    seconds(seek),
    '-i',
    inputArg(options.input),
    '-map',
    '0:v:0',
    '-an',
    '-vf',
    `fps=${formatFps(plan.fps)},scale=${plan.width}:${plan.height}`,
    ...x264Args({ width: plan.width, height: plan.height, fps: plan.fps, ...plan.encoder }),
    '-frames:v',
    String(piece.frames),
    '-vsync',
    'cfr',
    '-map_metadata',
    '-1',
    '-f',
    'mp4',
    mediaPath(options.output),
  ];
}

/**
 * The concat list that reads the source from a keyframe. ffmpeg's own `-ss` can not be used for a
 * copy: with B-frames it seeks 0.13 s before the time asked for (ffmpeg_opt.c), which lands on the
 * keyframe before. The concat demuxer's inpoint seeks to the last keyframe at or before it; a
 * quarter frame past the keyframe absorbs rounding in its time.
 */
export function clipCopyList(input: MediaInput, plan: ClipPlan, piece: ClipPiece): string {
  return `ffconcat version 1.0\nfile ${concatPath(input)}\ninpoint ${microseconds((piece.startFrame + 0.25) / plan.fps)}\n`;
}

/**
 * Copies one piece, video only, as an MP4. It stops after `frames` packets: a GOP is closed, so the
 * packets before the next keyframe in decode order are exactly its frames (-t would cut by decode
 * time and keep two frames of the next group).
 */
export function clipCopyArgs(options: { listFile: string; output: string; piece: ClipPiece }): string[] {
  return [
    ...baseArgs(),
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    mediaPath(options.listFile),
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-frames:v',
    String(options.piece.frames),
    '-map_metadata',
    '-1',
    '-f',
    'mp4',
    mediaPath(options.output),
  ];
}

/** The concat list of the pieces' files; stated durations place each piece exactly after the last. */
export function clipJoinList(pieces: readonly { file: string; durationSec: number }[]): string {
  const lines = ['ffconcat version 1.0'];
  for (const piece of pieces) lines.push(`file ${concatPath(piece.file)}`, `duration ${microseconds(piece.durationSec)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Joins the pieces (stream copy) and adds the clip's audio, encoded once from the source: cheap, and
 * free of the gaps AAC priming would leave at each join if audio were cut and copied with the video.
 */
export function clipJoinArgs(options: { listFile: string; source: MediaInput; output: string; plan: ClipPlan }): string[] {
  const { plan } = options;
  const args = [...baseArgs(), '-f', 'concat', '-safe', '0', '-i', mediaPath(options.listFile)];
  if (plan.audio) {
    args.push(...linkOptions(options.source), '-ss', seconds(plan.startSec), '-t', seconds(plan.durationSec), '-i', inputArg(options.source));
  }
  args.push('-map', '0:v:0');
  if (plan.audio) args.push('-map', '1:a:0', ...aacArgs());
  else args.push('-an');
  args.push('-c:v', 'copy', '-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', mediaPath(options.output));
  return args;
}

/** A JPEG of the clip's first frame. */
export function clipPosterArgs(options: { clip: string; output: string; width?: number }): string[] {
  return posterArgs({ input: options.clip, output: options.output, timeSec: 0, width: options.width });
}

/** A quoted absolute path or link for a concat list (-safe 0); a quote inside is closed, escaped, reopened. */
function concatPath(file: MediaInput): string {
  return `'${absoluteInput(file).replace(/'/g, "'\\''")}'`;
}

function microseconds(value: number): string {
  return value.toFixed(6);
}
