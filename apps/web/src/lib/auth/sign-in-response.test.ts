import { afterEach, describe, expect, it, vi } from 'vitest';

import { PKCE_CHALLENGE_KEY, PKCE_EXPIRES_AT_KEY } from '@/lib/auth/pkce';
import { readCookie } from '@/lib/auth/session';
import { base, client } from '@/test/auth-client';
import { errorJson, mfaBody, mockFetch, signInBody } from '@/test/fetch-mock';

afterEach(() => {
  vi.useRealTimers();
});

describe('multi-factor state', () => {
  it('stores the first-factor token and second factors, writes no cookie and does not navigate', async () => {
    mockFetch({ [`POST ${base}/auth/basic`]: mfaBody });
    const { auth, navigate } = client();
    const result = await auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    expect(result.kind).toBe('mfa-required');
    expect(auth.getState()).toMatchObject({
      firstFactorToken: 'first-factor-token',
      firstFactor: { strategy: 'password', channel: 'email' },
      secondFactors: mfaBody.authentication.secondFactors,
    });
    expect(readCookie('access.tenant1')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the first-factor token as Bearer on second-factor calls, then clears the MFA state', async () => {
    const net = mockFetch({
      [`POST ${base}/auth/basic`]: mfaBody,
      [`POST ${base}/auth/code`]: { message: 'OK', result: { email: 'j***@example.com' } },
      [`PUT ${base}/auth/code`]: errorJson(401, 'Incorrect code'),
      [`POST ${base}/auth/totp`]: signInBody(),
    });
    const { auth } = client();
    await auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });

    // As a second factor the address may be left out.
    await auth.sendVerificationCode({ channel: 'email' });
    await expect(auth.login({ method: 'verificationCode', channel: 'email', verificationCode: '1' })).rejects.toThrow('Incorrect code');
    expect(auth.getState().firstFactorToken).toBe('first-factor-token');
    await auth.login({ method: 'totp', totpCode: '123456' });

    for (const path of ['POST /auth/code', 'PUT /auth/code', 'POST /auth/totp']) {
      const [method, suffix] = path.split(' ');
      expect(net.call(method!, `${base}${suffix}`)!.headers.get('Authorization')).toBe('Bearer first-factor-token');
    }
    expect(net.call('POST', `${base}/auth/code`)!.body).toEqual({ channel: 'email' });
    expect(auth.getState()).toMatchObject({ firstFactorToken: null, firstFactor: null, secondFactors: [] });
    expect(readCookie('access.tenant1')).not.toBeNull();
  });

  it('resetMfa clears the first-factor token and second factors', async () => {
    mockFetch({ [`POST ${base}/auth/basic`]: mfaBody });
    const { auth } = client();
    const listener = vi.fn();
    auth.subscribe(listener);
    await auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    auth.resetMfa();
    expect(auth.getState()).toMatchObject({ firstFactorToken: null, secondFactors: [] });
    expect(listener).toHaveBeenCalled();
  });
});

describe('after sign-in, in order', () => {
  it('stores the tokens in cookies and state before navigating', async () => {
    const body = signInBody({ userId: 42 });
    mockFetch({ [`POST ${base}/auth/basic`]: body });
    const { auth, navigate } = client();
    let cookieAtNavigation: string | null = null;
    navigate.mockImplementation(() => {
      cookieAtNavigation = readCookie('access.tenant1');
    });
    await auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    expect(cookieAtNavigation).toBe(body.tokens.access.value);
    expect(readCookie('id.tenant1')).toBe(body.tokens.id.value);
    // The refresh token stays with the server (HttpOnly cookie); never written from script.
    expect(readCookie('refresh.tenant1')).toBeNull();
    const state = auth.getState();
    expect(state.tokens.access).toEqual({ name: 'access.tenant1', value: body.tokens.access.value });
    expect(state.tokens.id.name).toBe('id.tenant1');
    expect(state.tokens.refresh).toEqual({ name: 'refresh.tenant1', value: 'refresh-token' });
    expect(state.user).toMatchObject({ userId: 42, email: 'jane@example.com', username: 'jane' });
    expect(auth.isLoggedIn()).toBe(true);
  });

  it('writes the cookies Lax on path / (Secure only in live mode over https)', async () => {
    mockFetch({ [`POST ${base}/auth/basic`]: signInBody() });
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      writes.push(value);
      descriptor.set!.call(this, value);
    });
    await client({ mode: 'live' }).auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    const access = writes.find((w) => w.startsWith('access.tenant1='))!;
    expect(access).toMatch(/; Path=\/; Expires=.+; SameSite=Lax$/);
    expect(access).not.toMatch(/Secure/); // jsdom pages are http
  });

  it('navigates to the redirect query parameter first', async () => {
    mockFetch({ [`POST ${base}/auth/basic`]: signInBody({}, { redirectTo: '/dashboard' }) });
    const { auth, navigate } = client({ search: '?redirect=%2Flibrary%2Fvideos%3Fsort%3Dnew' });
    await auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    expect(navigate).toHaveBeenCalledWith('/library/videos?sort=new');
  });

  it("then the server's redirectTo, then '/'", async () => {
    mockFetch({ [`POST ${base}/auth/basic`]: signInBody({}, { redirectTo: '/events' }) });
    const first = client();
    await first.auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    expect(first.navigate).toHaveBeenCalledWith('/events');

    mockFetch({ [`POST ${base}/auth/basic`]: signInBody({}, { redirectTo: '' }) });
    const second = client();
    await second.auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    expect(second.navigate).toHaveBeenCalledWith('/');
  });

  it('ignores a redirect parameter that leaves the site', async () => {
    mockFetch({ [`POST ${base}/auth/basic`]: signInBody({}, { redirectTo: '/' }) });
    for (const evil of ['https://evil.example/x', '//evil.example', '/\\evil.example']) {
      const { auth, navigate, assign } = client({ search: `?redirect=${encodeURIComponent(evil)}` });
      await auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
      expect(navigate).toHaveBeenCalledWith('/');
      expect(assign).not.toHaveBeenCalled();
    }
  });

  it('does not navigate without a redirectTo, nor with redirect: false', async () => {
    const { redirectTo: _omitted, ...withoutRedirect } = signInBody();
    mockFetch({ [`POST ${base}/auth/basic`]: withoutRedirect, [`POST ${base}/auth/create`]: signInBody() });
    const { auth, navigate } = client();
    await auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    await auth.signup({ method: 'password', email: 'a@b.co', password: 'longenough', redirect: false });
    expect(navigate).not.toHaveBeenCalled();
    expect(auth.isLoggedIn()).toBe(true);
  });

  it('leaves the app for a redirectTo on another origin', async () => {
    mockFetch({ [`POST ${base}/auth/basic`]: signInBody({}, { redirectTo: 'https://club.example/welcome' }) });
    const { auth, navigate, assign } = client();
    await auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    expect(assign).toHaveBeenCalledWith('https://club.example/welcome');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('PKCE', () => {
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('stores a code_challenge from the address for five minutes and adds it to sign-in calls', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    const net = mockFetch({
      [`POST ${base}/auth/basic`]: signInBody(),
      [`PUT ${base}/auth/link`]: signInBody(),
    });
    const { auth } = client({ search: `?code_challenge=${challenge}` });
    expect(localStorage.getItem(PKCE_CHALLENGE_KEY)).toBe(challenge);
    expect(localStorage.getItem(PKCE_EXPIRES_AT_KEY)).toBe(String(1_700_000_000_000 + 300_000));

    await auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    expect(net.calls[0]!.url.searchParams.get('code_challenge')).toBe(challenge);

    // Expired: no longer sent, and removed.
    vi.setSystemTime(1_700_000_000_000 + 300_001);
    await auth.login({ method: 'link', token: 't', uuid: 'u' });
    expect(net.calls[1]!.url.search).toBe('');
    expect(localStorage.getItem(PKCE_CHALLENGE_KEY)).toBeNull();
  });

  it('a stored, unexpired challenge is used by a later page load', async () => {
    localStorage.setItem(PKCE_CHALLENGE_KEY, challenge);
    localStorage.setItem(PKCE_EXPIRES_AT_KEY, String(Date.now() + 60_000));
    const net = mockFetch({ [`POST ${base}/auth/create`]: signInBody() });
    await client().auth.signup({ method: 'password', email: 'a@b.co', password: 'longenough' });
    expect(net.calls[0]!.url.searchParams.get('code_challenge')).toBe(challenge);
  });

  it('hands an authorization code to the redirect URL and clears the challenge', async () => {
    const net = mockFetch({
      [`POST ${base}/auth/basic`]: { message: 'PKCE required', authorizationCode: 'code-123', redirectTo: 'teamfilm://auth/callback?x=1' },
    });
    const { auth, assign, navigate } = client({ search: `?code_challenge=${challenge}` });
    const result = await auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' });
    expect(net.calls[0]!.url.searchParams.get('code_challenge')).toBe(challenge);
    expect(result.kind).toBe('authorization-code');
    expect(assign).toHaveBeenCalledWith('teamfilm://auth/callback?x=1&authorization_code=code-123');
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(PKCE_CHALLENGE_KEY)).toBeNull();
    expect(readCookie('access.tenant1')).toBeNull();
  });

  it("an authorization code without a redirect URL fails with 'Missing PKCE redirect url'", async () => {
    mockFetch({ [`POST ${base}/auth/basic`]: { message: 'PKCE required', authorizationCode: 'code-123' } });
    const { auth, assign } = client();
    await expect(auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' })).rejects.toThrow('Missing PKCE redirect url');
    expect(assign).not.toHaveBeenCalled();
  });
});
