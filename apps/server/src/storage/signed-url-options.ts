import { AppError } from '../errors';
import { assertByteCount, payloadTooLarge } from './byte-limit';
import { assertContentType } from './content-type';
import { assertSafeKey } from './keys';
import { MAX_SIGNED_URL_SECONDS, type SignedPutOptions } from './storage';

/** Both drivers refuse the same bad requests for a signed URL before signing anything. */
export function assertSignedUrlExpiry(expiresInSec: number): void {
  if (!Number.isSafeInteger(expiresInSec) || expiresInSec < 1 || expiresInSec > MAX_SIGNED_URL_SECONDS) {
    throw new AppError('BAD_REQUEST', `Signed URLs must expire within 1 to ${MAX_SIGNED_URL_SECONDS} seconds.`);
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
