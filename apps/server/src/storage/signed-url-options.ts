import { AppError } from '../errors';
import { assertByteCount, payloadTooLarge } from './byte-limit';
import { assertContentType } from './content-type';
import { assertSafeKey } from './keys';
import { MAX_SIGNED_URL_SECONDS, type SignedGetOptions, type SignedPutOptions } from './storage';

/** Both drivers refuse the same bad requests for a signed URL before signing anything. */
export function assertSignedUrlExpiry(expiresInSec: number): void {
  if (!Number.isSafeInteger(expiresInSec) || expiresInSec < 1 || expiresInSec > MAX_SIGNED_URL_SECONDS) {
    throw new AppError('BAD_REQUEST', `Signed URLs must expire within 1 to ${MAX_SIGNED_URL_SECONDS} seconds.`);
  }
}

const MAX_DOWNLOAD_NAME = 255;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function assertSignedGetOptions(key: string, opts: SignedGetOptions): void {
  assertSafeKey(key);
  assertSignedUrlExpiry(opts.expiresInSec);
  const name = opts.downloadName;
  if (name !== undefined && (name.trim() === '' || name.length > MAX_DOWNLOAD_NAME || CONTROL.test(name))) {
    throw new AppError('BAD_REQUEST', `A download name has 1 to ${MAX_DOWNLOAD_NAME} characters and no control characters.`);
  }
}

export function assertSignedPutOptions(key: string, opts: SignedPutOptions): void {
  assertSafeKey(key);
  assertContentType(opts.contentType);
  assertSignedUrlExpiry(opts.expiresInSec);
  assertByteCount('maxBytes', opts.maxBytes);
  assertByteCount('contentLength', opts.contentLength);
  if (opts.maxBytes !== undefined && opts.contentLength !== undefined && opts.contentLength > opts.maxBytes) {
    throw payloadTooLarge(opts.maxBytes);
  }
}
