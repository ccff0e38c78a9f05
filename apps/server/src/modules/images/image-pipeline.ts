import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_MAX_PIXELS, IMAGE_SIZES, type ImageTag } from '@app/contracts/profiles';

// Memory stays flat across many jobs: libvips' operation cache would keep decoded pictures around.
sharp.cache(false);

/** A file processing refused, with the message its uploader sees; nothing of it is kept. */
export class ImageRefused extends Error {
  constructor(
    readonly code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'BAD_REQUEST',
    message: string,
  ) {
    super(message);
  }
}

export const NOT_AN_IMAGE = 'This file is not a picture. Upload a JPEG, PNG, WebP, GIF, AVIF or HEIF photo.';
export const HEVC_HEIC =
  'This HEIC photo cannot be read here. Upload it from the app (it converts iPhone photos to JPEG) or as a JPEG.';
export const ANIMATED = 'Animated pictures cannot be used here. Upload a still photo.';
export const DAMAGED = 'This picture is damaged or incomplete. Upload it again.';
export const tooManyPixels = (width: number, height: number) =>
  `This picture is too large (${width} x ${height} pixels). The limit is ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`;

// Formats a camera, phone or editor writes. SVG is left out: it is a document, not a photo.
const STILL_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);
const WEBP_QUALITY = 80;
const PLACEHOLDER_SIZE = 16;
/** A picture libvips is still decoding after this is abandoned. */
const TIMEOUT_SECONDS = 60;

export interface ProcessedVariant {
  name: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  variants: ProcessedVariant[];
  /** `data:image/webp;base64,...` of at most 16 px. */
  placeholder: string;
}

/** Opens the file as an untrusted picture: pixel cap, every decoding warning an error (a truncated file). */
const open = (file: string) => sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning', sequentialRead: true }).timeout({ seconds: TIMEOUT_SECONDS });

/** What the bytes are, from their header alone (no decoding): refused unless a still picture within the pixel cap. */
async function sniff(file: string): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);
  }
  if (!meta.format || !STILL_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new ImageRefused('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);
  if (meta.format === 'heif' && meta.compression === 'hevc') throw new ImageRefused('UNSUPPORTED_MEDIA_TYPE', HEVC_HEIC);
  if ((meta.pages ?? 1) > 1 && meta.format !== 'heif' && meta.format !== 'tiff') throw new ImageRefused('UNSUPPORTED_MEDIA_TYPE', ANIMATED);
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new ImageRefused('PAYLOAD_TOO_LARGE', tooManyPixels(meta.width, meta.height));
  // Upright: orientations 5-8 swap width and height.
  return meta.autoOrient ?? { width: meta.width, height: meta.height };
}

/** One size: squares crop to fill, heroes go by width, photos by their long side; never enlarged. */
function resized(base: Sharp, tag: ImageTag, size: number, source: { width: number; height: number }): Sharp {
  if (tag === 'avatar' || tag === 'logo') {
    const side = Math.min(size, source.width, source.height);
    return base.clone().resize(side, side, { fit: 'cover', position: 'attention' });
  }
  if (tag === 'hero') return base.clone().resize({ width: size, withoutEnlargement: true });
  return base.clone().resize(size, size, { fit: 'inside', withoutEnlargement: true });
}

/**
 * Turns an uploaded picture into the WebP sizes of its kind and a blur placeholder. The orientation
 * the camera recorded is applied to the pixels first (`rotate()`); sharp then writes no metadata at
 * all (no EXIF: GPS position, camera serial numbers; no XMP, IPTC or comments). Refuses, with
 * `ImageRefused`: anything that is not a still picture (whatever its name or type said), HEVC HEIC
 * (this sharp build cannot decode it), a picture over the pixel cap (checked on the header before any
 * decoding, so a small file claiming 50,000 x 50,000 pixels costs nothing) and a damaged or truncated file.
 */
export async function processImage(file: string, tag: ImageTag): Promise<ProcessedImage> {
  const source = await sniff(file);
  const base = open(file).rotate();
  try {
    const variants: ProcessedVariant[] = [];
    for (const size of IMAGE_SIZES[tag]) {
      const { data, info } = await resized(base, tag, size, source).webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      variants.push({ name: String(size), width: info.width, height: info.height, data });
    }
    const tiny = await base
      .clone()
      .resize(PLACEHOLDER_SIZE, PLACEHOLDER_SIZE, { fit: tag === 'avatar' || tag === 'logo' ? 'cover' : 'inside' })
      .webp({ quality: 40 })
      .toBuffer();
    return { variants, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` };
  } catch {
    // The header was a picture's; decoding it failed (truncated, corrupt, or past the time limit).
    throw new ImageRefused('BAD_REQUEST', DAMAGED);
  }
}
