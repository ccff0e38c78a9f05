import { looksLikeText, sniffMedia, SNIFF_BYTES } from '@app/media/signature';

/**
 * Recorder formats, best first: webm where supported, otherwise mp4
 * (Safari records only mp4).
 */
export const RECORDING_TYPES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4',
] as const;

/** The first type the browser can record; undefined lets the browser pick its default. */
export function pickRecordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** `video/webm;codecs=vp9` -> `video/webm`: what the file and its upload are labelled with. */
export function containerType(mimeType: string | undefined): string {
  const base = (mimeType ?? '').split(';')[0]?.trim().toLowerCase();
  return base && base.startsWith('video/') ? base : 'video/webm';
}

/**
 * A recording is uploaded as `stream-{timestamp}.webm` whatever the recorder
 * made (the server reads the real format from the bytes; the content type says it too).
 */
export function recordingFileName(timestamp: number): string {
  return `stream-${timestamp}.webm`;
}

/**
 * A recording's title, "Recording Nov 24, 2026, 4:52 PM" in the reader's locale, for a file named as
 * `recordingFileName` names recordings; undefined for any other file (the server then titles the
 * video after the file name).
 */
export function recordingTitle(fileName: string, locale?: string): string | undefined {
  const match = /^stream-(\d{10,15})\.webm$/.exec(fileName);
  if (!match) return undefined;
  const date = new Date(Number(match[1]));
  if (Number.isNaN(date.getTime())) return undefined;
  return `Recording ${date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}`;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  mts: 'video/mp2t',
  m2ts: 'video/mp2t',
  ts: 'video/mp2t',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  '3gp': 'video/3gpp',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  ogv: 'video/ogg',
};

/**
 * A video content type for the preupload call, which takes only `video/*`. Browsers leave
 * `File.type` empty for formats they do not know (camera .mts files, .mkv on some systems): then
 * the extension decides, and plain mp4 is the fallback (the server sniffs the bytes anyway).
 */
export function videoContentType(file: Pick<File, 'name' | 'type'>): string {
  const type = file.type.trim().toLowerCase();
  if (type.startsWith('video/') && type.length > 'video/'.length) return type.split(';')[0]!;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? 'video/mp4';
}

const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop()?.toLowerCase() ?? '') : '');

/** A `video/*` type, or (browsers leave the type empty for formats they do not know) a video extension. */
function hasVideoType(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.trim().toLowerCase();
  if (type.startsWith('video/')) return true;
  return (type === '' || type === 'application/octet-stream') && extensionOf(file.name) in TYPES_BY_EXTENSION;
}

/**
 * Whether the picker takes the file: a video by its type or name whose first bytes are not text,
 * an image or audio. The browser types a text file named .mp4 as video/mp4, so the name alone would
 * send it; an unknown binary start may still be a video (the server probes it), so it passes.
 */
async function isVideoFile(file: File): Promise<boolean> {
  if (!hasVideoType(file)) return false;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const kind = sniffMedia(head)?.kind;
  return kind === 'video' || (kind === undefined && !looksLikeText(head));
}

/** The chosen files split into the videos to upload and the names of the others. */
export async function pickVideos(files: File[]): Promise<{ videos: File[]; refused: string[] }> {
  const taken = await Promise.all(files.map(isVideoFile));
  return { videos: files.filter((_, i) => taken[i]), refused: files.filter((_, i) => !taken[i]).map((file) => file.name) };
}

/** The picker's message for files that are not videos. */
export function notVideoMessage(names: readonly string[]): string {
  const list = names.map((name) => `"${name}"`).join(', ');
  return `${list} ${names.length === 1 ? 'is not a video file' : 'are not video files'}. Choose video files only (for example MP4, MOV or WebM).`;
}
