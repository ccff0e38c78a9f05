/** The brands an iPhone's HEIC/HEIF photo declares in its `ftyp` box. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * Whether a file is HEIC/HEIF, from its first bytes (`....ftyp<brand>`), whatever its name or type
 * says: phones and browsers disagree on both (Chrome on Android often reports no type at all).
 */
export async function isHeif(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (head.length < 12) return false;
  const text = String.fromCharCode(...head.slice(4, 12));
  return text.startsWith('ftyp') && HEIF_BRANDS.has(text.slice(4));
}

/**
 * An iPhone photo as a JPEG the server can read: its sharp cannot decode HEVC-coded HEIC (the codec's
 * patents keep it out of the prebuilt binaries), so the browser converts it first. heic-to (libheif
 * compiled to JavaScript, its `csp` build: no eval, no network) is about 720 KB gzip, so it is loaded
 * only when such a file is picked. The picture's orientation is applied by libheif and its metadata
 * does not survive the conversion.
 */
export async function toJpeg(file: File): Promise<File> {
  const { heicTo } = await import('heic-to/csp');
  const jpeg = await heicTo({ blob: file, type: 'image/jpeg', quality: 0.92 });
  const name = file.name.replace(/\.(heic|heif)$/i, '') || 'photo';
  return new File([jpeg], `${name}.jpg`, { type: 'image/jpeg' });
}
