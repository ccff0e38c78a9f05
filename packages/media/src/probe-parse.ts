import { MediaError } from './media-error';

export type Rotation = 0 | 90 | 180 | 270;

export interface ProbeStream {
  index: number;
  type: string;
  codec: string | null;
  durationSec: number | null;
  bitRate: number | null;
  /** Cover art in audio files is reported as a video stream; it is not one. */
  isAttachedPicture: boolean;
}

export interface ProbeVideo {
  index: number;
  codec: string;
  profile: string | null;
  /** Stored (coded) size, before rotation. */
  width: number;
  height: number;
  /** Size as shown to a viewer, after applying `rotation`. */
  displayWidth: number;
  displayHeight: number;
  fps: number | null;
  /**
   * The container's nominal rate (ffprobe's r_frame_rate). For variable-rate phone clips this is the
   * rate the camera aimed at (frames dropped in low light lower `fps`, not this).
   */
  nominalFps: number | null;
  /** Clockwise degrees a player rotates the picture by (the classic `rotate` tag convention). */
  rotation: Rotation;
  isVariableFrameRate: boolean;
  pixFmt: string | null;
  bitRate: number | null;
}

export interface ProbeAudio {
  index: number;
  codec: string;
  sampleRate: number | null;
  channels: number | null;
  bitRate: number | null;
}

export interface ProbeResult {
  durationSec: number | null;
  formatName: string;
  sizeBytes: number;
  bitRate: number | null;
  streams: ProbeStream[];
  video: ProbeVideo | null;
  audio: ProbeAudio | null;
}

interface RawStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  bit_rate?: string;
  nb_frames?: string;
  sample_rate?: string;
  channels?: number;
  tags?: Record<string, string | undefined>;
  side_data_list?: { side_data_type?: string; rotation?: number | string }[];
  disposition?: { attached_pic?: number };
}

interface RawFormat {
  format_name?: string;
  duration?: string;
  size?: string;
  bit_rate?: string;
}

export interface RawProbe {
  streams?: RawStream[];
  format?: RawFormat;
}

// Relative difference between average and nominal frame rate above which we call it VFR.
// NTSC rounding (29.97 vs 30) is 0.1%; phone VFR recordings are typically off by several %.
const VFR_TOLERANCE = 0.01;

const IMAGE_CODEC_NAMES: Record<string, string> = {
  png: 'PNG',
  apng: 'PNG',
  mjpeg: 'JPEG',
  jpeg2000: 'JPEG 2000',
  jpegls: 'JPEG',
  webp: 'WebP',
  gif: 'GIF',
  bmp: 'BMP',
  tiff: 'TIFF',
  heif: 'HEIF',
  hevc_image: 'HEIF',
  ppm: 'PPM',
  pgm: 'PGM',
  pam: 'PAM',
  svg: 'SVG',
  qoi: 'QOI',
};

/** Turns ffprobe's JSON into our shape; throws MediaError for things that are not videos we accept. */
export function parseProbe(raw: RawProbe, fallbackSizeBytes: number): ProbeResult {
  const format = raw.format ?? {};
  const rawStreams = raw.streams ?? [];
  const formatName = format.format_name ?? '';

  // ffmpeg happily "decodes" plain text as ANSI art; never treat that as media.
  if (formatName === 'tty' || rawStreams.some((s) => s.codec_name === 'ansi')) {
    throw new MediaError('NOT_MEDIA', `ffprobe detected text (format ${formatName})`);
  }

  const streams = rawStreams.map(toStream);
  const durationSec = positiveNumber(format.duration) ?? null;
  const rawVideo = rawStreams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const rawAudio = rawStreams.find((s) => s.codec_type === 'audio');

  if (rawVideo && isStillImage(formatName, rawVideo, durationSec)) {
    const kind = IMAGE_CODEC_NAMES[rawVideo.codec_name ?? ''];
    throw new MediaError('IMAGE', `still image (format ${formatName}, codec ${rawVideo.codec_name ?? '?'})`, {
      reason: kind ? `The file is a ${kind} image, not a video.` : 'The file is an image, not a video.',
    });
  }

  const video = rawVideo ? toVideo(rawVideo) : null;
  const audio = rawAudio ? toAudio(rawAudio) : null;
  if (!video && !audio) {
    throw new MediaError('NOT_MEDIA', `no audio or video streams (format ${formatName || 'unknown'})`);
  }

  return {
    durationSec: durationSec ?? positiveNumber(rawVideo?.duration) ?? positiveNumber(rawAudio?.duration) ?? null,
    formatName,
    sizeBytes: positiveNumber(format.size) ?? fallbackSizeBytes,
    bitRate: positiveNumber(format.bit_rate),
    streams,
    video,
    audio,
  };
}

function isStillImage(formatName: string, stream: RawStream, durationSec: number | null): boolean {
  const formats = formatName.split(',');
  if (formats.some((f) => f === 'image2' || f === 'image2pipe' || f.endsWith('_pipe'))) return true;
  if (!(stream.codec_name !== undefined && stream.codec_name in IMAGE_CODEC_NAMES)) return false;
  // Image codecs also appear in real videos (Motion JPEG in AVI/MOV, animated GIF): only a
  // single frame or a missing duration makes it a still.
  const frames = positiveNumber(stream.nb_frames);
  return durationSec === null || (frames !== null && frames <= 1);
}

function toStream(s: RawStream, position: number): ProbeStream {
  return {
    index: s.index ?? position,
    type: s.codec_type ?? 'unknown',
    codec: s.codec_name ?? null,
    durationSec: positiveNumber(s.duration),
    bitRate: positiveNumber(s.bit_rate),
    isAttachedPicture: s.disposition?.attached_pic === 1,
  };
}

function toVideo(s: RawStream): ProbeVideo {
  const width = s.width ?? 0;
  const height = s.height ?? 0;
  const rotation = streamRotation(s);
  const avg = parseFrameRate(s.avg_frame_rate);
  const nominal = parseFrameRate(s.r_frame_rate);
  const sideways = rotation === 90 || rotation === 270;
  return {
    index: s.index ?? 0,
    codec: s.codec_name ?? 'unknown',
    profile: s.profile ?? null,
    width,
    height,
    displayWidth: sideways ? height : width,
    displayHeight: sideways ? width : height,
    fps: avg ?? nominal,
    nominalFps: nominal,
    rotation,
    isVariableFrameRate: avg !== null && nominal !== null && Math.abs(avg - nominal) / nominal > VFR_TOLERANCE,
    pixFmt: s.pix_fmt ?? null,
    bitRate: positiveNumber(s.bit_rate),
  };
}

function toAudio(s: RawStream): ProbeAudio {
  return {
    index: s.index ?? 0,
    codec: s.codec_name ?? 'unknown',
    sampleRate: positiveNumber(s.sample_rate),
    channels: typeof s.channels === 'number' && s.channels > 0 ? s.channels : null,
    bitRate: positiveNumber(s.bit_rate),
  };
}

/**
 * The display matrix (what newer ffprobe reports) states counter-clockwise degrees; the
 * legacy `rotate` tag (ffprobe <= 5.0) states clockwise degrees. We report clockwise.
 */
export function streamRotation(s: Pick<RawStream, 'tags' | 'side_data_list'>): Rotation {
  const matrix = s.side_data_list?.find((d) => d.rotation !== undefined && /display ?matrix/i.test(d.side_data_type ?? ''));
  const ccw = matrix ? Number(matrix.rotation) : NaN;
  if (Number.isFinite(ccw)) return normalizeRotation(-ccw);
  const tag = Number(s.tags?.rotate);
  return Number.isFinite(tag) ? normalizeRotation(tag) : 0;
}

export function normalizeRotation(degrees: number): Rotation {
  const quarter = Math.round(degrees / 90);
  return ((((quarter % 4) + 4) % 4) * 90) as Rotation;
}

/** "30000/1001" -> 29.97; "0/0", "", "N/A" -> null. */
export function parseFrameRate(value: string | undefined): number | null {
  if (!value) return null;
  const match = value.trim().match(/^(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?$/);
  if (!match) return null;
  const num = Number(match[1]);
  const den = match[2] === undefined ? 1 : Number(match[2]);
  if (!(num > 0) || !(den > 0)) return null;
  const fps = num / den;
  return Number.isFinite(fps) ? fps : null;
}

function positiveNumber(value: string | number | undefined): number | null {
  if (value === undefined || value === '' || value === 'N/A') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}
