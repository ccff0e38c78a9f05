import { AppError } from '../errors';
import type { TokenSigner } from '../signed-token';

export type SignedMethod = 'GET' | 'PUT';

/** What a local signed URL allows: one method on one key until `expires`, with the upload's constraints. */
export interface LocalGrant {
  method: SignedMethod;
  key: string;
  /** Unix seconds. */
  expires: number;
  contentType?: string;
  maxBytes?: number;
  contentLength?: number;
  /** Served as `Content-Disposition: attachment` with this file name. */
  downloadName?: string;
}

const PURPOSE = 'storage-url';

/** What is signed: JSON of a fixed-order array (unambiguous, so no field can bleed into another), as one token field. */
function signed(grant: LocalGrant): string[] {
  const payload = JSON.stringify([
    grant.method,
    grant.key,
    grant.expires,
    grant.contentType ?? null,
    grant.maxBytes ?? null,
    grant.contentLength ?? null,
    grant.downloadName ?? null,
  ]);
  return [Buffer.from(payload).toString('base64url')];
}

/** The query string (without '?') carrying the grant and its HMAC-SHA256. */
export function signGrant(signer: TokenSigner, grant: LocalGrant): string {
  const params = new URLSearchParams({ 'X-Method': grant.method, 'X-Expires': String(grant.expires) });
  if (grant.contentType !== undefined) params.set('X-Content-Type', grant.contentType);
  if (grant.maxBytes !== undefined) params.set('X-Max-Bytes', String(grant.maxBytes));
  if (grant.contentLength !== undefined) params.set('X-Content-Length', String(grant.contentLength));
  if (grant.downloadName !== undefined) params.set('X-Download-Name', grant.downloadName);
  params.set('X-Signature', signer.signature(PURPOSE, signed(grant)));
  return params.toString();
}

const invalid = (message: string) => new AppError('INVALID_SIGNATURE', message);

function param(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`The link has more than one ${name} parameter.`);
  return value;
}

function integerParam(query: Record<string, unknown>, name: string): number | undefined {
  const value = param(query, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw invalid(`The link's ${name} parameter is not a valid number.`);
  return Number(value);
}

/**
 * Checks a request against its signed URL and returns the grant. The signature is checked before
 * the expiry, so a tampered expiry reads as tampering, and only a genuine link reads as expired.
 */
export function verifySignedRequest(
  signer: TokenSigner,
  request: { method: string; key: string; query: Record<string, unknown>; now?: number },
): LocalGrant {
  const signature = param(request.query, 'X-Signature');
  const method = param(request.query, 'X-Method');
  const expires = integerParam(request.query, 'X-Expires');
  if (!signature || !method || expires === undefined) {
    throw invalid('This link is not signed. Ask for a new link.');
  }
  if (method !== 'GET' && method !== 'PUT') throw invalid('The link names an unknown method.');

  const grant: LocalGrant = { method, key: request.key, expires };
  const contentType = param(request.query, 'X-Content-Type');
  const maxBytes = integerParam(request.query, 'X-Max-Bytes');
  const contentLength = integerParam(request.query, 'X-Content-Length');
  if (contentType !== undefined) grant.contentType = contentType;
  if (maxBytes !== undefined) grant.maxBytes = maxBytes;
  if (contentLength !== undefined) grant.contentLength = contentLength;
  const downloadName = param(request.query, 'X-Download-Name');
  if (downloadName !== undefined) grant.downloadName = downloadName;

  if (!signer.matches(PURPOSE, signed(grant), signature)) {
    throw invalid('The link signature does not match. Ask for a new link.');
  }

  // HEAD is a GET without a body; a GET link allows both.
  const requested = request.method === 'HEAD' ? 'GET' : request.method;
  if (requested !== grant.method) throw invalid(`This link only allows ${grant.method} requests.`);

  if ((request.now ?? Date.now()) > grant.expires * 1000) {
    throw new AppError('EXPIRED', 'This link expired. Ask for a new link.');
  }
  return grant;
}
