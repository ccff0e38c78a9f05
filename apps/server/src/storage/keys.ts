import { AppError } from '../errors';

export const MAX_KEY_LENGTH = 512;
// Most file systems cap a path component at 255 bytes; keeping S3 keys within it keeps drivers interchangeable.
const MAX_SEGMENT_LENGTH = 255;
const ALLOWED = /^[A-Za-z0-9._\-/]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `key` is unsafe, or null. One place for the rules so keys, prefixes and URLs agree. */
function keyProblem(key: unknown, what: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return `${what} must not be empty.`;
  if (key.length > MAX_KEY_LENGTH) return `${what} must be at most ${MAX_KEY_LENGTH} characters.`;
  if (CONTROL.test(key)) return `${what} must not contain control characters.`;
  if (key.includes('\\')) return `${what} must not contain backslashes.`;
  if (key.startsWith('/')) return `${what} must not start with '/'.`;
  if (!ALLOWED.test(key)) return `${what} may only contain letters, digits, '.', '_', '-' and '/'.`;
  for (const segment of key.split('/')) {
    if (segment === '') return `${what} must not contain empty path segments ('//' or a trailing '/').`;
    if (segment === '.' || segment === '..') return `${what} must not contain '.' or '..' path segments.`;
    if (segment.length > MAX_SEGMENT_LENGTH) return `${what} path segments must be at most ${MAX_SEGMENT_LENGTH} characters.`;
  }
  return null;
}

export function isSafeKey(key: string): boolean {
  return keyProblem(key, 'Storage key') === null;
}

/** Rejects anything that could escape a directory or mean different things to different stores. */
export function assertSafeKey(key: string): void {
  const problem = keyProblem(key, 'Storage key');
  if (problem) throw new AppError('BAD_REQUEST', problem);
}

/** A listing prefix: the same rules as a key, except that it may end with '/'. */
export function assertSafePrefix(prefix: string): void {
  const body = typeof prefix === 'string' && prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  const problem = keyProblem(body, 'Storage prefix');
  if (problem) throw new AppError('BAD_REQUEST', problem);
}

/** `storageKey('demo', 'videos', id, 'hls/index.m3u8')` -> `demo/videos/<id>/hls/index.m3u8`. */
export function storageKey(tenantId: string, ...parts: string[]): string {
  const tenantProblem = keyProblem(tenantId, 'Tenant id');
  if (tenantProblem || tenantId.includes('/')) {
    throw new AppError('BAD_REQUEST', tenantProblem ?? 'Tenant id must be a single path segment.');
  }
  if (parts.length === 0) throw new AppError('BAD_REQUEST', 'Storage key needs at least one part after the tenant id.');
  const key = [tenantId, ...parts].join('/');
  assertSafeKey(key);
  return key;
}

/** A key handed to us by a client must be safe and inside the caller's tenant. */
export function assertTenantKey(tenantId: string, key: string): void {
  assertSafeKey(key);
  if (!key.startsWith(`${tenantId}/`)) {
    throw new AppError('FORBIDDEN', 'Storage key does not belong to this tenant.');
  }
}
