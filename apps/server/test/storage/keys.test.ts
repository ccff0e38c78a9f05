import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors';
import { assertSafeKey, assertSafePrefix, assertTenantKey, storageKey } from '../../src/storage/keys';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).code;
  }
}

describe('storage keys', () => {
  it('builds keys under the tenant', () => {
    expect(storageKey('demo', 'videos', 'abc', 'hls/index.m3u8')).toBe('demo/videos/abc/hls/index.m3u8');
  });

  it('refuses tenant ids and parts that would escape or split the tenant', () => {
    expect(codeOf(() => storageKey('demo/other', 'x'))).toBe('BAD_REQUEST');
    expect(codeOf(() => storageKey('..', 'x'))).toBe('BAD_REQUEST');
    expect(codeOf(() => storageKey('demo', '..', 'other', 'x'))).toBe('BAD_REQUEST');
    expect(codeOf(() => storageKey('demo', ''))).toBe('BAD_REQUEST');
    expect(codeOf(() => storageKey('demo'))).toBe('BAD_REQUEST');
  });

  it.each([
    ['a', true],
    ['demo/videos/v_1-2.mp4', true],
    ['demo/.hidden', true],
    ['demo/..hidden', true],
    ['', false],
    ['/demo/x', false],
    ['demo/', false],
    ['demo//x', false],
    ['demo/./x', false],
    ['demo/../x', false],
    ['..', false],
    ['demo\\x', false],
    ['demo/x\u0000', false],
    ['demo/x\u001f', false],
    ['demo/x\u007f', false],
    ['demo/a b', false],
    ['demo/é', false],
    ['demo/%2e%2e', false],
    ['demo/x?y', false],
    [`demo/${'a'.repeat(255)}`, true],
    [`demo/${'a'.repeat(256)}`, false],
    [`${'a/'.repeat(256)}b`, false], // 513 characters
  ])('assertSafeKey(%j) accepts: %s', (key, ok) => {
    expect(codeOf(() => assertSafeKey(key))).toBe(ok ? undefined : 'BAD_REQUEST');
  });

  it('explains what is wrong', () => {
    expect(() => assertSafeKey('demo/../x')).toThrow("must not contain '.' or '..' path segments");
    expect(() => assertSafeKey('/x')).toThrow("must not start with '/'");
  });

  it('allows a trailing slash on prefixes only', () => {
    expect(codeOf(() => assertSafePrefix('demo/videos/'))).toBeUndefined();
    expect(codeOf(() => assertSafePrefix('demo/vid'))).toBeUndefined();
    expect(codeOf(() => assertSafePrefix(''))).toBe('BAD_REQUEST');
    expect(codeOf(() => assertSafePrefix('/'))).toBe('BAD_REQUEST');
    expect(codeOf(() => assertSafePrefix('demo//'))).toBe('BAD_REQUEST');
  });

  it('keeps tenants apart', () => {
    expect(codeOf(() => assertTenantKey('demo', 'demo/videos/x'))).toBeUndefined();
    expect(codeOf(() => assertTenantKey('demo', 'demo2/videos/x'))).toBe('FORBIDDEN');
    expect(codeOf(() => assertTenantKey('demo', 'demo'))).toBe('FORBIDDEN');
    expect(codeOf(() => assertTenantKey('demo', 'demo/../other/x'))).toBe('BAD_REQUEST');
  });
});
