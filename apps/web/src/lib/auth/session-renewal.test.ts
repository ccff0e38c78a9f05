import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { readCookie } from '@/lib/auth/session';
import { base, client } from '@/test/auth-client';
import { errorJson, json, mockFetch, signInBody, signInWithCookies } from '@/test/fetch-mock';
import { expiresIn } from '@/test/jwt';

afterEach(() => {
  vi.useRealTimers();
});

describe('refresh', () => {
  it('GET auth/refresh with the cookie; the rotated tokens are stored', async () => {
    document.cookie = 'session.tenant1=1; Path=/';
    const body = signInBody({ userId: 9 });
    const net = mockFetch({ 'GET /v0/auth/refresh': body });
    const { auth } = client();
    await expect(auth.refresh()).resolves.toBe(true);
    expect(net.calls[0]!.credentials).toBe('include');
    expect(net.calls[0]!.headers.has('Authorization')).toBe(false);
    expect(readCookie('access.tenant1')).toBe(body.tokens.access.value);
  });

  it('a failure only warns, and a 401 drops the session hint', async () => {
    document.cookie = 'session.tenant1=1; Path=/';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'GET /v0/auth/refresh': errorJson(401, 'Your session has ended.') });
    const { auth } = client();
    await expect(auth.refresh()).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith('Could not refresh the session:', 'Your session has ended.');
    expect(readCookie('session.tenant1')).toBeNull();
  });

  it('asks nothing without the session hint', async () => {
    const net = mockFetch({ 'GET /v0/auth/refresh': signInBody() });
    await expect(client().auth.refresh()).resolves.toBe(false);
    expect(net.calls).toHaveLength(0);
  });

  it('makes one request for concurrent callers', async () => {
    document.cookie = 'session.tenant1=1; Path=/';
    const net = mockFetch({ 'GET /v0/auth/refresh': signInBody() });
    const { auth } = client();
    const results = await Promise.all([auth.refresh(), auth.refresh(), auth.refresh()]);
    expect(results).toEqual([true, true, true]);
    expect(net.calls).toHaveLength(1);
  });

  it('uses a token another tab already refreshed instead of rotating again', async () => {
    const fresh = signInWithCookies();
    const net = mockFetch({ 'GET /v0/auth/refresh': signInBody() });
    await expect(client().auth.refresh({ staleToken: 'the-token-that-was-refused' })).resolves.toBe(true);
    expect(net.calls).toHaveLength(0);
    expect(readCookie('access.tenant1')).toBe(fresh);
  });
});

describe('signed-in identity calls', () => {
  it('refresh once and retry once on 401', async () => {
    const old = signInWithCookies({ userId: 1 });
    const rotated = signInBody({ userId: 1 });
    let selfCalls = 0;
    const net = mockFetch({
      'GET /v0/self': (call) => {
        selfCalls += 1;
        return call.headers.get('Authorization') === `Bearer ${old}` ? errorJson(401, 'expired') : json({ userId: 1 });
      },
      'GET /v0/auth/refresh': rotated,
    });
    const { auth } = client();
    await expect(auth.request('self', { schema: z.object({ userId: z.number() }) })).resolves.toEqual({ userId: 1 });
    expect(selfCalls).toBe(2);
    expect(net.calls.map((c) => c.path)).toEqual(['/v0/self', '/v0/auth/refresh', '/v0/self']);
    expect(net.calls[2]!.headers.get('Authorization')).toBe(`Bearer ${rotated.tokens.access.value}`);
  });
});

describe('calls that check a password or code', () => {
  it('are made once: a refused current password is not retried after a refresh', async () => {
    signInWithCookies();
    const net = mockFetch({
      [`PUT ${base}/auth/basic`]: errorJson(401, 'Your current password is incorrect.'),
      'GET /v0/auth/refresh': signInBody(),
    });
    await expect(client().auth.updatePassword({ method: 'jwt', password: 'new-password', existingPassword: 'bad' })).rejects.toThrow(
      'Your current password is incorrect.',
    );
    expect(net.calls.map((c) => c.path)).toEqual([`${base}/auth/basic`]);
  });

  it('renew an access token that is about to expire first', async () => {
    signInWithCookies({ exp: expiresIn(10) });
    const rotated = signInBody();
    const net = mockFetch({ 'DELETE /v0/auth/totp': { message: 'OK' }, 'GET /v0/auth/refresh': rotated });
    await client().auth.credentialRequest('auth/totp', { method: 'DELETE', body: { totpCode: '123456' }, schema: z.object({ message: z.string() }) });
    expect(net.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /v0/auth/refresh', 'DELETE /v0/auth/totp']);
    expect(net.calls[1]!.headers.get('Authorization')).toBe(`Bearer ${rotated.tokens.access.value}`);
  });
});
