import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { readCookie } from '@/lib/auth/session';
import { base, client } from '@/test/auth-client';
import { errorJson, json, mockFetch, signInBody, signInWithCookies } from '@/test/fetch-mock';

afterEach(() => {
  vi.useRealTimers();
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

describe('login: failure messages', () => {
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
