import { afterEach, describe, expect, it, vi } from 'vitest';

import { readCookie } from '@/lib/auth/session';
import { base, client } from '@/test/auth-client';
import { errorJson, json, mockFetch, signInBody, signInWithCookies } from '@/test/fetch-mock';
import { expiresIn, makeJwt } from '@/test/jwt';

afterEach(() => {
  vi.useRealTimers();
});

describe('logout', () => {
  function captureCookieWrites() {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      writes.push(value);
      descriptor.set!.call(this, value);
    });
    return writes;
  }

  it('calls the server with the access token, then clears cookies, tokens and user', async () => {
    const access = signInWithCookies();
    document.cookie = `id.tenant1=${makeJwt({ userId: 7, exp: expiresIn(900) })}; Path=/`;
    const net = mockFetch({ 'GET /v0/auth/logout': { message: 'OK' } });
    const { auth } = client();
    expect(auth.getState().user).toMatchObject({ userId: 7 });
    const writes = captureCookieWrites();
    await auth.logout();
    expect(net.calls[0]!.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(net.calls[0]!.credentials).toBe('include');
    for (const name of ['access.tenant1', 'id.tenant1', 'session.tenant1']) expect(readCookie(name)).toBeNull();
    for (const name of ['access', 'id', 'refresh', 'session']) {
      for (const path of ['/', '/v0/auth']) {
        expect(writes).toContainEqual(`${name}.tenant1=; Path=${path}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
        expect(writes).toContainEqual(`${name}.tenant1=; Path=${path}; Domain=localhost; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
      }
    }
    expect(auth.getState()).toMatchObject({
      user: null,
      tokens: { access: { value: null }, id: { value: null }, refresh: { value: null } },
    });
    expect(auth.isLoggedIn()).toBe(false);
  });

  it('renews a token that is gone after a long idle, so the server can end the session', async () => {
    document.cookie = 'session.tenant1=1; Path=/';
    const rotated = signInBody({ userId: 7 });
    const net = mockFetch({
      'GET /v0/auth/logout': (call) =>
        call.headers.get('Authorization') === `Bearer ${rotated.tokens.access.value}` ? json({ message: 'OK' }) : errorJson(401, 'Sign in to continue.'),
      'GET /v0/auth/refresh': rotated,
    });
    const { auth } = client();
    await auth.logout();
    expect(net.calls.map((c) => c.path)).toEqual(['/v0/auth/logout', '/v0/auth/refresh', '/v0/auth/logout']);
    expect(readCookie('access.tenant1')).toBeNull();
  });

  it('clears the session even when the call fails', async () => {
    signInWithCookies();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    const { auth } = client();
    await expect(auth.logout()).resolves.toBeUndefined();
    expect(readCookie('access.tenant1')).toBeNull();
    expect(readCookie('session.tenant1')).toBeNull();

    signInWithCookies();
    mockFetch({ 'GET /v0/auth/logout': errorJson(500, 'boom') });
    await auth.logout();
    expect(readCookie('access.tenant1')).toBeNull();
  });
});

describe('hasRole', () => {
  it('is false without a token', () => {
    expect(client().auth.hasRole('editor')).toBe(false);
  });

  it("reads authorization[tenantId].roles from the access token", () => {
    signInWithCookies({ authorization: { tenant1: { roles: ['editor', 'admin'] }, other: { roles: ['owner'] } } });
    const { auth } = client();
    expect(auth.hasRole('editor')).toBe(true);
    expect(auth.hasRole('owner')).toBe(false);
  });

  it('is false with an expired token', () => {
    signInWithCookies({ exp: expiresIn(-5), authorization: { tenant1: { roles: ['editor'] } } });
    expect(client().auth.hasRole('editor')).toBe(false);
  });
});

describe('mode', () => {
  it('starts from the page address (jsdom: http://localhost → test) and takes the server mode', async () => {
    const factors = [
      { channel: 'email', strategy: 'password' },
      { channel: 'email', strategy: 'google' },
    ];
    const net = mockFetch({ [`GET ${base}/mode`]: { mode: 'live', authentication: { firstFactors: factors, secondFactors: [] } } });
    const { auth } = client({ mode: undefined });
    expect(auth.getState().mode).toBe('test');
    await auth.loadMode();
    expect(net.calls[0]!.path).toBe(`${base}/mode`);
    expect(auth.getState()).toMatchObject({ mode: 'live', firstFactors: factors });
  });

  it('defaults to test when the answer has no mode, and keeps the state when the call fails', async () => {
    mockFetch({ [`GET ${base}/mode`]: {} });
    const { auth } = client({ mode: 'live' });
    await auth.loadMode();
    expect(auth.getState().mode).toBe('test');

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ [`GET ${base}/mode`]: errorJson(503, 'down') });
    const other = client({ mode: 'live' });
    await expect(other.auth.loadMode()).resolves.toBeUndefined();
    expect(other.auth.getState().mode).toBe('live');
  });
});
