import { baseArgs, floorEven, mediaPath, scaledEven } from './common';

export type X264Preset =
  | 'ultrafast'
  | 'superfast'
  | 'veryfast'
  | 'faster'
  | 'fast'
  | 'medium'
  | 'slow'
  | 'slower'
  | 'veryslow';

export interface RenditionPreset {
  name: string;
  /** Target size of the short side ("360p", "1080p"); never upscaled. */
  height: number;
  crf: number;
  preset: X264Preset;
  /** Cap for CRF peaks so a rendition streams on the connection it is meant for. */
  maxBitrateKbps: number;
  maxFps: number;
}

export const lowPreset: Readonly<RenditionPreset> = Object.freeze({
  name: 'low',
  height: 360,
  crf: 28,
  preset: 'veryfast',
  maxBitrateKbps: 1000,
  maxFps: 30,
});

export const fullPreset: Readonly<RenditionPreset> = Object.freeze({
  name: 'full',
  height: 1080,
  crf: 23,
  preset: 'veryfast',
  maxBitrateKbps: 8000,
  maxFps: 60,
});

export interface RenditionOptions {
  input: string;
  output: string;
  /** Target size of the short side. */
  height: number;
  /** Source size as displayed (probe's displayWidth/displayHeight, i.e. after rotation). */
  sourceWidth: number;
  sourceHeight: number;
  /** Source frame rate from probe; output is constant-rate at renditionFps(sourceFps, maxFps). */
  sourceFps?: number | null;
  maxFps?: number;
  /** Exact output frame rate; overrides sourceFps/maxFps. */
  fps?: number;
  crf?: number;
  preset?: X264Preset;
  maxBitrateKbps?: number;
  audio: boolean;
}

const KEYFRAME_INTERVAL_SEC = 2;
const AUDIO_BITRATE = '128k';

/**
 * H.264 High / AAC-LC MP4 with the moov atom first. Rotation is applied to the pixels by
 * ffmpeg's default autorotate, so the output carries no rotation of its own.
 */
export function renditionArgs(options: RenditionOptions): string[] {
  const size = renditionSize(options);
  const fps = options.fps ?? (options.sourceFps === undefined ? undefined : renditionFps(options.sourceFps, options.maxFps));
  const filters = [
    ...(fps === undefined ? [] : [`fps=${formatFps(fps)}`]),
    size.portrait ? `scale=${size.width}:-2` : `scale=-2:${size.height}`,
  ];
  const args = [...baseArgs(), '-i', mediaPath(options.input), '-map', '0:v:0'];
  if (options.audio) args.push('-map', '0:a:0?');

  args.push('-vf', filters.join(','), ...x264Args({ ...options, width: size.width, height: size.height, fps }));

  if (options.audio) {
    args.push(...aacArgs());
  } else {
    args.push('-an');
  }

  args.push(
    // `-vsync cfr` is deprecated from 5.1 on (in favour of -fps_mode, which 4.1 lacks) but works on both.
    '-vsync',
    'cfr',
    // Drops container tags such as a phone's GPS location.
    '-map_metadata',
    '-1',
    // Autorotate already resets the output display matrix; on 4.1/5.1 this override is ignored
    // when encoding, on newer builds it pins an identity matrix. Either way: upright output.
    '-metadata:s:v:0',
    'rotate=0',
    '-movflags',
    '+faststart',
    '-max_muxing_queue_size',
    '1024',
    '-f',
    'mp4',
    mediaPath(options.output),
  );
  return args;
}

export interface X264Settings {
  width: number;
  height: number;
  /** Output frame rate; undefined lets the level assume 60. */
  fps: number | undefined;
  crf?: number;
  preset?: X264Preset;
  maxBitrateKbps?: number;
}

/**
 * Our H.264 encoder settings. Clip cutting re-encodes part of a rendition with these and joins it
 * to copied packets, which only plays when the codec header (SPS/PPS) comes out byte-identical: keep
 * every setting that reaches the header (profile, level, crf, preset, size, rate) in here.
 */
export function x264Args(settings: X264Settings): string[] {
  const args = [
    '-c:v',
    'libx264',
    '-preset',
    settings.preset ?? 'veryfast',
    '-crf',
    String(settings.crf ?? 23),
    '-profile:v',
    'high',
    '-level:v',
    h264Level(settings.width, settings.height, settings.fps, settings.maxBitrateKbps),
    '-pix_fmt',
    'yuv420p',
  ];
  if (settings.maxBitrateKbps !== undefined) {
    args.push('-maxrate', `${settings.maxBitrateKbps}k`, '-bufsize', `${settings.maxBitrateKbps * 2}k`);
  }
  // Keyframes on a fixed clock let the same file be cut into HLS segments later.
  args.push('-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_INTERVAL_SEC})`);
  return args;
}

/** Our audio: AAC-LC stereo at 48 kHz, the shape every browser plays. */
export function aacArgs(): string[] {
  return ['-c:a', 'aac', '-b:a', AUDIO_BITRATE, '-ar', '48000', '-ac', '2'];
}

export interface RenditionSize {
  width: number;
  height: number;
  portrait: boolean;
}

/** The output size ffmpeg will produce for these options. */
export function renditionSize(options: Pick<RenditionOptions, 'height' | 'sourceWidth' | 'sourceHeight'>): RenditionSize {
  const { sourceWidth, sourceHeight } = options;
  if (!(sourceWidth > 0 && sourceHeight > 0 && options.height > 0)) {
    throw new RangeError(`invalid rendition size: target ${options.height}, source ${sourceWidth}x${sourceHeight}`);
  }
  const portrait = sourceHeight > sourceWidth;
  const shortSide = floorEven(Math.min(options.height, portrait ? sourceWidth : sourceHeight));
  return portrait
    ? { width: shortSide, height: scaledEven(shortSide, sourceWidth, sourceHeight), portrait }
    : { width: scaledEven(shortSide, sourceHeight, sourceWidth), height: shortSide, portrait };
}

const STANDARD_RATES = [23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60];

/**
 * Output frame rate for a source: snapped to the nearest broadcast rate when close (phones
 * record variable rate around a nominal one), capped at maxFps, 30 when unknown.
 */
export function renditionFps(sourceFps: number | null, maxFps = 60): number {
  if (sourceFps === null || !(sourceFps > 0)) return Math.min(30, maxFps);
  const nearest = STANDARD_RATES.reduce((best, rate) =>
    Math.abs(rate - sourceFps) < Math.abs(best - sourceFps) ? rate : best,
  );
  const snapped = Math.abs(nearest - sourceFps) / nearest < 0.05 ? nearest : Math.round(sourceFps * 1000) / 1000;
  if (snapped <= maxFps) return snapped;
  // Halving keeps motion cadence even (59.94 -> 29.97) where a plain cap would drop frames unevenly.
  return snapped / 2 <= maxFps && snapped / 2 >= maxFps * 0.75 ? snapped / 2 : maxFps;
}

export function formatFps(fps: number): string {
  if (Math.abs(fps - 30000 / 1001) < 0.01) return '30000/1001';
  if (Math.abs(fps - 24000 / 1001) < 0.01) return '24000/1001';
  if (Math.abs(fps - 60000 / 1001) < 0.01) return '60000/1001';
  return String(Math.round(fps * 1000) / 1000);
}

// [level, max frame size in macroblocks, max macroblocks/s, max High-profile kbit/s]
const H264_LEVELS: readonly (readonly [string, number, number, number])[] = [
  ['3.0', 1620, 40500, 12500],
  ['3.1', 3600, 108000, 17500],
  ['3.2', 5120, 216000, 25000],
  ['4.0', 8192, 245760, 25000],
  ['4.1', 8192, 245760, 62500],
  ['4.2', 8704, 522240, 62500],
  ['5.0', 22080, 589824, 168750],
  ['5.1', 36864, 983040, 300000],
  ['5.2', 36864, 2073600, 300000],
];

/** Smallest level that fits; an unknown frame rate is assumed to be 60 so the level is never too low. */
export function h264Level(width: number, height: number, fps: number | undefined, maxBitrateKbps?: number): string {
  const frameMbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const mbps = frameMbs * (fps ?? 60);
  const kbps = maxBitrateKbps ?? 0;
  const fit = H264_LEVELS.find(([, maxFs, maxMbps, maxBr]) => frameMbs <= maxFs && mbps <= maxMbps && kbps <= maxBr);
  return fit?.[0] ?? '5.2';
}
