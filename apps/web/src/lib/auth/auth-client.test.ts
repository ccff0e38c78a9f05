import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { ApiError } from '@/lib/api-client';
import { createAuthClient, joinUrl, type AuthClientOptions } from '@/lib/auth/auth-client';
import { PKCE_CHALLENGE_KEY, PKCE_EXPIRES_AT_KEY } from '@/lib/auth/pkce';
import { readCookie } from '@/lib/auth/session';
import { errorJson, json, mfaBody, mockFetch, signInBody, signInWithCookies } from '@/test/fetch-mock';
import { expiresIn, makeJwt } from '@/test/jwt';

const base = '/v0/tenants/tenant1';

function client(options: Partial<AuthClientOptions> & { search?: string } = {}) {
  const navigate = vi.fn<(path: string) => void>();
  const assign = vi.fn<(url: string) => void>();
  const { search = '', ...rest } = options;
  const auth = createAuthClient({
    tenantId: 'tenant1',
    baseUrl: 'http://localhost:3000/v0/',
    navigate,
    assign,
    getSearch: () => search,
    ...rest,
  });
  return { auth, navigate, assign };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('joinUrl', () => {
  it('collapses duplicate slashes but keeps the scheme', () => {
    expect(joinUrl('http://localhost:3000/v0/', '/auth//refresh')).toBe('http://localhost:3000/v0/auth/refresh');
    expect(joinUrl('/v0/', 'tenants/t/mode')).toBe('/v0/tenants/t/mode');
  });
});

describe('login: request per method', () => {
  it('password: POST auth/basic with emailOrUsername and password, cookies included, no Authorization', async () => {
    const net = mockFetch({ [`POST ${base}/auth/basic`]: signInBody() });
    const { auth } = client();
    const result = await auth.login({ method: 'password', emailOrUsername: 'jane', password: 'secret' });
    expect(result.kind).toBe('signed-in');
    const call = net.calls[0]!;
    expect(call.url.href).toBe('http://localhost:3000/v0/tenants/tenant1/auth/basic');
    expect(call.body).toEqual({ emailOrUsername: 'jane', password: 'secret' });
    expect(call.credentials).toBe('include');
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(call.headers.has('Authorization')).toBe(false);
  });

  it('password: takes email or username when emailOrUsername is not given, and passes options', async () => {
    const net = mockFetch({ [`POST ${base}/auth/basic`]: signInBody() });
    const { auth } = client();
    await auth.login({ method: 'password', email: 'jane@example.com', password: 'p', options: { noResetEmail: true } });
    expect(net.calls[0]!.body).toEqual({ emailOrUsername: 'jane@example.com', password: 'p', options: { noResetEmail: true } });
  });

  it('password-migrate: same body, POST auth/password/migrate', async () => {
    const net = mockFetch({ [`POST ${base}/auth/password/migrate`]: signInBody() });
    const { auth } = client();
    await auth.login({ method: 'password-migrate', username: 'jane', password: 'p' });
    expect(net.calls[0]!.body).toEqual({ emailOrUsername: 'jane', password: 'p' });
  });

  it('passwordless: POST auth/link with the email (and user fields); nothing is signed in', async () => {
    const sent = { message: 'OK', result: { email: 'a@b.co', submittedAt: 'now', messageId: 'm1' } };
    const net = mockFetch({ [`POST ${base}/auth/link`]: sent });
    const { auth, navigate } = client();
    const result = await auth.login({ method: 'passwordless', email: 'a@b.co', name: 'A' });
    expect(result).toEqual({ kind: 'message-sent', response: sent });
    expect(net.calls[0]!.body).toEqual({ email: 'a@b.co', name: 'A' });
    expect(navigate).not.toHaveBeenCalled();
    expect(readCookie('access.tenant1')).toBeNull();
  });

  it('link: PUT auth/link with token and uuid, from the arguments or the address', async () => {
    const net = mockFetch({ [`PUT ${base}/auth/link`]: signInBody() });
    await client().auth.login({ method: 'link', token: 'tk', uuid: 'uu' });
    expect(net.calls[0]!.body).toEqual({ token: 'tk', uuid: 'uu' });
    await client({ search: '?token=t2&uuid=u2' }).auth.login({ method: 'link' });
    expect(net.calls[1]!.body).toEqual({ token: 't2', uuid: 'u2' });
  });

  it("link: 'Missing token or uuid' without them, before any request", async () => {
    const net = mockFetch({});
    await expect(client().auth.login({ method: 'link', token: 'only-token' })).rejects.toThrow('Missing token or uuid');
    expect(net.calls).toHaveLength(0);
  });

  it('totp: POST auth/totp with the code, or a backup code', async () => {
    const net = mockFetch({ [`POST ${base}/auth/totp`]: signInBody() });
    const { auth } = client();
    await auth.login({ method: 'totp', totpCode: '123456' });
    await auth.login({ method: 'totp', backupCode: 'abcde-fghij' });
    expect(net.calls.map((c) => c.body)).toEqual([{ totpCode: '123456' }, { backupCode: 'abcde-fghij' }]);
  });

  it('verificationCode: PUT auth/code with channel, address and code', async () => {
    const net = mockFetch({ [`PUT ${base}/auth/code`]: signInBody() });
    const { auth } = client();
    await auth.login({ method: 'verificationCode', channel: 'email', email: 'a@b.co', verificationCode: '111222' });
    await auth.login({ method: 'verificationCode', channel: 'sms', phoneNumber: '+15550001111', verificationCode: '9' });
    expect(net.calls.map((c) => c.body)).toEqual([
      { channel: 'email', email: 'a@b.co', verificationCode: '111222' },
      { channel: 'sms', phoneNumber: '+15550001111', verificationCode: '9' },
    ]);
  });

  it("verificationCode: 'Invalid channel' for anything but sms and email", async () => {
    mockFetch({});
    await expect(
      client().auth.login({ method: 'verificationCode', channel: 'pigeon' as never, verificationCode: '1' }),
    ).rejects.toThrow('Invalid channel');
  });

  it('saml: fetches a token with the access token, then leaves for the IdP login', async () => {
    const access = signInWithCookies();
    const net = mockFetch({ 'GET /v0/auth/saml/idp/token': { token: 'saml-token' } });
    const { auth, assign } = client();
    const result = await auth.login({ method: 'saml' });
    expect(net.calls[0]!.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(result.kind).toBe('redirecting');
    const url = new URL(assign.mock.calls[0]![0]);
    expect(url.pathname).toBe('/v0/auth/saml/idp/login');
    expect(url.searchParams.get('token')).toBe('saml-token');
    expect(url.searchParams.get('tenant_id')).toBe('tenant1');
  });

  it.each(['apple', 'azure', 'facebook', 'github', 'google', 'linkedin', 'okta'] as const)(
    '%s: the browser goes to the provider login with origin and redirect',
    async (provider) => {
      const net = mockFetch({});
      const { auth, assign } = client({ search: '?redirect=%2Flibrary' });
      const result = await auth.login({ method: provider });
      expect(result.kind).toBe('redirecting');
      const url = new URL(assign.mock.calls[0]![0]);
      expect(url.pathname).toBe(`/v0/tenants/tenant1/auth/${provider}/login`);
      expect(url.searchParams.get('origin')).toBe('http://localhost:3000');
      expect(url.searchParams.get('redirect')).toBe('/library');
      expect(net.calls).toHaveLength(0);
    },
  );

  it("custom: needs a providerId ('Missing providerId'), sent as provider_id", async () => {
    mockFetch({});
    const { auth, assign } = client();
    await expect(auth.login({ method: 'custom' })).rejects.toThrow('Missing providerId');
    await auth.login({ method: 'custom', providerId: 'acme', redirect: '/team' });
    const url = new URL(assign.mock.calls[0]![0]);
    expect(url.pathname).toBe('/v0/tenants/tenant1/auth/custom/login');
    expect(url.searchParams.get('provider_id')).toBe('acme');
    expect(url.searchParams.get('redirect')).toBe('/team');
  });
});

describe('login: spec section 8 errors', () => {
  it('without a method, and with an unknown one', async () => {
    const { auth } = client();
    await expect(auth.login({} as never)).rejects.toThrow('Userfront.login called without method property');
    await expect(auth.login(undefined as never)).rejects.toThrow('Userfront.login called without method property');
    await expect(auth.login({ method: 'carrier-pigeon' } as never)).rejects.toThrow('invalid method property');
  });

  it("'Missing provider' and 'Missing tenantId' for provider links", async () => {
    expect(() => client().auth.getProviderLink({})).toThrow('Missing provider');
    expect(() => client({ tenantId: '' }).auth.getProviderLink({ provider: 'google' })).toThrow('Missing tenantId');
    await expect(client({ tenantId: '' }).auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' })).rejects.toThrow(
      'Missing tenantId',
    );
  });

  it("'Problem with request' for an empty or unreadable answer", async () => {
    mockFetch({ [`POST ${base}/auth/basic`]: () => new Response(null, { status: 200 }) });
    await expect(client().auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' })).rejects.toThrow(
      'Problem with request',
    );
    mockFetch({ [`POST ${base}/auth/basic`]: { message: 'OK' } });
    await expect(client().auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' })).rejects.toThrow(
      'Problem with request',
    );
  });

  it("carries the server's message (401, 429)", async () => {
    mockFetch({ [`POST ${base}/auth/basic`]: errorJson(401, 'Incorrect email or password', 'UNAUTHORIZED') });
    const error = await client()
      .auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 401, message: 'Incorrect email or password' });

    mockFetch({ [`POST ${base}/auth/basic`]: errorJson(429, 'Too many attempts. Try again in a minute.', 'RATE_LIMITED') });
    await expect(client().auth.login({ method: 'password', emailOrUsername: 'a', password: 'b' })).rejects.toThrow(
      'Too many attempts. Try again in a minute.',
    );
  });
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

describe('after sign-in (spec section 4 order)', () => {
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

describe('signup, codes, links and passwords', () => {
  it('signup: POST auth/create with the account fields', async () => {
    const net = mockFetch({ [`POST ${base}/auth/create`]: () => json(signInBody(), 201) });
    const result = await client().auth.signup({ method: 'password', email: 'a@b.co', username: 'ab_c', password: 'longenough', redirect: false });
    expect(result.kind).toBe('signed-in');
    expect(net.calls[0]!.body).toEqual({ email: 'a@b.co', username: 'ab_c', password: 'longenough' });
    await expect(client().auth.signup({} as never)).rejects.toThrow('Userfront.signup called without method property');
  });

  it('sendLoginLink and sendResetLink: POST with the email', async () => {
    const sent = { message: 'OK', result: { email: 'a@b.co' } };
    const net = mockFetch({ [`POST ${base}/auth/link`]: sent, [`POST ${base}/auth/reset/link`]: sent });
    const { auth } = client();
    await expect(auth.sendLoginLink('a@b.co')).resolves.toEqual(sent);
    await expect(auth.sendResetLink('a@b.co')).resolves.toEqual(sent);
    expect(net.calls.map((c) => [c.path, c.body])).toEqual([
      [`${base}/auth/link`, { email: 'a@b.co' }],
      [`${base}/auth/reset/link`, { email: 'a@b.co' }],
    ]);
  });

  it('sendVerificationCode: channel sms or email, with the matching address', async () => {
    const net = mockFetch({ [`POST ${base}/auth/code`]: { message: 'OK', result: {} } });
    const { auth } = client();
    await expect(auth.sendVerificationCode({ channel: 'fax' as never })).rejects.toThrow('Invalid channel');
    await expect(auth.sendVerificationCode({ channel: 'sms' })).rejects.toThrow('SMS verification code requires phoneNumber');
    await expect(auth.sendVerificationCode({ channel: 'email' })).rejects.toThrow('Email verification code requires email');
    await auth.sendVerificationCode({ channel: 'sms', phoneNumber: '+15550001111' });
    await auth.sendVerificationCode({ channel: 'email', email: 'a@b.co' });
    expect(net.calls.map((c) => c.body)).toEqual([
      { channel: 'sms', phoneNumber: '+15550001111' },
      { channel: 'email', email: 'a@b.co' },
    ]);
    expect(net.calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it("resetPassword: PUT auth/reset with uuid, token and password, then signed in; 'Missing token or uuid'", async () => {
    const net = mockFetch({ [`PUT ${base}/auth/reset`]: signInBody() });
    const { auth, navigate } = client({ search: '?token=tk&uuid=uu' });
    await auth.resetPassword({ password: 'new-password' });
    expect(net.calls[0]!.body).toEqual({ token: 'tk', uuid: 'uu', password: 'new-password' });
    expect(navigate).toHaveBeenCalledWith('/');
    await expect(client().auth.resetPassword({ password: 'x', token: 't' })).rejects.toThrow('Missing token or uuid');
  });

  it('updatePassword: with the JWT (existing password) or with the link credentials', async () => {
    const net = mockFetch({ [`PUT ${base}/auth/basic`]: { message: 'OK' }, [`PUT ${base}/auth/reset`]: signInBody() });
    await expect(client().auth.updatePassword({ password: 'new-password', existingPassword: 'old' })).rejects.toThrow(
      /without a JWT access token/,
    );
    await client().auth.updatePassword({ method: 'link', token: 't', uuid: 'u', password: 'new-password' });
    expect(net.calls[0]!.path).toBe(`${base}/auth/reset`);

    const access = signInWithCookies();
    await expect(client().auth.updatePassword({ method: 'jwt', password: 'new-password', existingPassword: 'old' })).resolves.toEqual({
      message: 'OK',
    });
    const put = net.call('PUT', `${base}/auth/basic`)!;
    expect(put.body).toEqual({ password: 'new-password', existingPassword: 'old' });
    expect(put.headers.get('Authorization')).toBe(`Bearer ${access}`);
  });
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
