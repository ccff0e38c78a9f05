// Pure, without Node: the web app's upload picker reads the same signatures from a file's first bytes.
export type SniffedKind = 'video' | 'audio' | 'image';

export interface Sniffed {
  kind: SniffedKind;
  /** Short container/format name, for logs. */
  format: string;
}

/** Bytes sniffMedia() needs from the start of a file. */
export const SNIFF_BYTES = 400;

// ISO BMFF brands that are still images (HEIF/AVIF photos from phones), not movies.
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ']);
// Top-level QuickTime atoms a movie may start with when it has no `ftyp` (older cameras).
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'free', 'skip', 'wide', 'pnot']);

/**
 * Recognises a media file by its first bytes, for when ffprobe cannot read it: a known container
 * that does not open is damaged (truncated upload, broken copy), anything else is not media at all.
 * ffprobe itself can not tell these apart: a text file named .mp4 and an mp4 cut short both give
 * "moov atom not found". Only signatures that are unambiguous at offset 0 (or 4 for ISO BMFF) are
 * listed; file(1)-style libraries would add a dependency for these dozen constants.
 */
export function sniffMedia(head: Uint8Array): Sniffed | null {
  const ascii = (start: number, length: number) => String.fromCharCode(...head.subarray(start, start + length));
  const bytesAt = (start: number, ...values: number[]) => values.every((v, i) => head[start + i] === v);

  const box = ascii(4, 4);
  if (box === 'ftyp') {
    const brand = ascii(8, 4);
    if (IMAGE_BRANDS.has(brand)) return { kind: 'image', format: `heif (${brand.trim()})` };
    if (AUDIO_BRANDS.has(brand)) return { kind: 'audio', format: 'm4a' };
    return { kind: 'video', format: 'mp4' };
  }
  if (QUICKTIME_ATOMS.has(box) && head.length >= 8) return { kind: 'video', format: 'mov' };
  if (bytesAt(0, 0x1a, 0x45, 0xdf, 0xa3)) return { kind: 'video', format: 'matroska' };
  if (ascii(0, 4) === 'RIFF') {
    const form = ascii(8, 4);
    if (form === 'AVI ') return { kind: 'video', format: 'avi' };
    if (form === 'WAVE') return { kind: 'audio', format: 'wav' };
    if (form === 'WEBP') return { kind: 'image', format: 'webp' };
  }
  if (ascii(0, 3) === 'FLV') return { kind: 'video', format: 'flv' };
  if (ascii(0, 4) === 'OggS') return { kind: 'video', format: 'ogg' };
  if (bytesAt(0, 0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11)) return { kind: 'video', format: 'asf' };
  if (bytesAt(0, 0x00, 0x00, 0x01, 0xba)) return { kind: 'video', format: 'mpeg-ps' };
  // MPEG-TS: a sync byte every 188 bytes.
  if (head.length >= 377 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47) return { kind: 'video', format: 'mpegts' };

  if (bytesAt(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { kind: 'image', format: 'png' };
  if (bytesAt(0, 0xff, 0xd8, 0xff)) return { kind: 'image', format: 'jpeg' };
  if (ascii(0, 4) === 'GIF8') return { kind: 'image', format: 'gif' };
  if (bytesAt(0, 0x49, 0x49, 0x2a, 0x00) || bytesAt(0, 0x4d, 0x4d, 0x00, 0x2a)) return { kind: 'image', format: 'tiff' };

  if (ascii(0, 3) === 'ID3') return { kind: 'audio', format: 'mp3' };
  if (ascii(0, 4) === 'fLaC') return { kind: 'audio', format: 'flac' };
  return null;
}

/**
 * Whether the first bytes are plain text (printable ASCII or UTF-8, tabs and line breaks): no video
 * container starts so. The picker refuses such a file even when its name says .mp4, which the
 * browser then types video/mp4; an unrecognised binary file may still be a video (camcorder .mts
 * files start with a timestamp, not a signature), so only text and known non-video kinds are refused.
 */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  // A character cut off at the end of the sample decodes to U+FFFD: the sample's end is forgiven.
  const text = new TextDecoder('utf-8').decode(head).replace(/\uFFFD{1,3}$/, '');
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Controls other than tab, line feed, vertical tab, form feed and carriage return; undecodable bytes.
    if (code < 0x09 || (code > 0x0d && code < 0x20) || code === 0x7f || code === 0xfffd) return false;
  }
  return true;
}
