import { AppError } from '../errors';

// RFC 9110 media type: type "/" subtype *( OWS ";" OWS parameter ).
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"[^"\\\\\\u0000-\\u001f\\u007f]*"';
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`);

/** Content types end up in response headers and signatures, so only well-formed ones are accepted. */
export function assertContentType(contentType: string): void {
  if (typeof contentType !== 'string' || contentType.length > 255 || !MEDIA_TYPE.test(contentType)) {
    throw new AppError('BAD_REQUEST', 'Content type must be a valid media type such as video/mp4.');
  }
}

/** Compares media types the way clients vary them: case and spaces around ';' do not matter. */
export function sameContentType(a: string, b: string): boolean {
  const normalize = (s: string) => s.trim().replace(/[ \t]*;[ \t]*/g, ';').toLowerCase();
  return normalize(a) === normalize(b);
}
