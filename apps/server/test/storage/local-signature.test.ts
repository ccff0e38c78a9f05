import { describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../src/signed-token';
import { signGrant, verifySignedRequest, type LocalGrant } from '../../src/storage/local-signature';

const secret = createTokenSigner('test-secret-test-secret-test-secret');
const now = Date.UTC(2030, 0, 1);
const expires = now / 1000 + 60;

function query(grant: LocalGrant): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(signGrant(secret, grant)));
}

function code(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

describe('local URL signatures', () => {
  const put: LocalGrant = { method: 'PUT', key: 'demo/a.mp4', expires, contentType: 'video/mp4', maxBytes: 100, contentLength: 50 };

  it('round-trips every signed field', () => {
    expect(verifySignedRequest(secret, { method: 'PUT', key: put.key, query: query(put), now })).toEqual(put);
    const get: LocalGrant = { method: 'GET', key: 'demo/a.mp4', expires };
    expect(verifySignedRequest(secret, { method: 'HEAD', key: get.key, query: query(get), now })).toEqual(get);
  });

  it.each([
    ['X-Content-Type', 'text/html'],
    ['X-Max-Bytes', '1000000'],
    ['X-Content-Length', '49'],
    ['X-Expires', String(expires + 1)],
    ['X-Method', 'GET'],
  ])('detects a changed %s', (name, value) => {
    const q = { ...query(put), [name]: value };
    expect(code(() => verifySignedRequest(secret, { method: 'PUT', key: put.key, query: q, now }))).toBe('INVALID_SIGNATURE');
  });

  it('detects a removed optional field, another key, another secret', () => {
    const q = query(put);
    delete q['X-Max-Bytes'];
    expect(code(() => verifySignedRequest(secret, { method: 'PUT', key: put.key, query: q, now }))).toBe('INVALID_SIGNATURE');
    expect(code(() => verifySignedRequest(secret, { method: 'PUT', key: 'demo/b.mp4', query: query(put), now }))).toBe('INVALID_SIGNATURE');
    expect(code(() => verifySignedRequest(createTokenSigner('test-secret-test-secret-test-secretx'), { method: 'PUT', key: put.key, query: query(put), now }))).toBe('INVALID_SIGNATURE');
  });

  it('refuses malformed parameters without throwing anything but AppErrors', () => {
    for (const q of [{}, { ...query(put), 'X-Expires': '-1' }, { ...query(put), 'X-Signature': '' }, { ...query(put), 'X-Signature': ['a', 'b'] }]) {
      expect(code(() => verifySignedRequest(secret, { method: 'PUT', key: put.key, query: q, now }))).toBe('INVALID_SIGNATURE');
    }
  });

  it('expires after X-Expires, and only genuine links read as expired', () => {
    expect(code(() => verifySignedRequest(secret, { method: 'PUT', key: put.key, query: query(put), now: expires * 1000 }))).toBeUndefined();
    expect(code(() => verifySignedRequest(secret, { method: 'PUT', key: put.key, query: query(put), now: expires * 1000 + 1 }))).toBe('EXPIRED');
    const forged = { ...query(put), 'X-Expires': String(expires - 3600) };
    expect(code(() => verifySignedRequest(secret, { method: 'PUT', key: put.key, query: forged, now: expires * 1000 + 1 }))).toBe('INVALID_SIGNATURE');
  });

  it('only allows the signed method', () => {
    expect(code(() => verifySignedRequest(secret, { method: 'GET', key: put.key, query: query(put), now }))).toBe('INVALID_SIGNATURE');
    expect(code(() => verifySignedRequest(secret, { method: 'DELETE', key: put.key, query: query(put), now }))).toBe('INVALID_SIGNATURE');
  });
});
