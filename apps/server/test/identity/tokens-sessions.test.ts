import { createLocalJWKSet, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, cookiesOf, decode, header, signIn, signUp } from './helpers';

let t: TestApp;
let access: string;
let idToken: string;


beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000', TENANTS: 'demo=localhost,eagles=eagles.test' });
  const body = (await signUp(t, { email: 'player@example.com', username: 'player1' })).json();
  access = body.tokens.access.value;
  idToken = body.tokens.id.value;

});
afterAll(() => t.close());

const self = (token: string) => t.app.inject({ url: '/v0/self', headers: bearer(token) });
const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('access tokens', () => {
  it('are accepted on /v0/self', async () => {
    const res = await self(access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'player@example.com', username: 'player1', tenant: { tenantId: 'demo', loginRedirectPath: '/' } });
  });

  it('/v0/self and a sign-in answer with exactly the fields their contracts declare', async () => {
    const me = (await self(access)).json();
    expect(Object.keys(me).sort()).toEqual(
      ['confirmedEmailAt', 'confirmedPhoneNumberAt', 'createdAt', 'data', 'email', 'image', 'isEmailConfirmed', 'isMfaRequired', 'isPhoneNumberConfirmed',
        'name', 'phoneNumber', 'tenant', 'tenantId', 'updatedAt', 'userId', 'userUuid', 'username'],
    );
    expect(Object.keys(me.tenant).sort()).toEqual(['loginRedirectPath', 'name', 'tenantId']);
    const signedIn = (await signIn(t, 'player1')).json();
    expect(Object.keys(signedIn).sort()).toEqual(['message', 'mode', 'redirectTo', 'sessionId', 'tokens']);
    expect(Object.keys(signedIn.tokens).sort()).toEqual(['access', 'id', 'refresh']);
  });

  it('verify against the published JWKS', async () => {
    const jwks = (await t.app.inject('/v0/tenants/demo/jwks.json')).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { payload } = await jwtVerify(access, createLocalJWKSet(jwks), { issuer: 'http://localhost:3000/v0/tenants/demo', audience: 'demo' });
    expect(payload.userUuid).toBeTruthy();
  });

  it('refuses alg:none', async () => {
    const claims = decode(access);
    const forged = `${b64({ alg: 'none', typ: 'at+jwt', kid: header(access).kid })}.${b64(claims)}.`;
    expect((await self(forged)).statusCode).toBe(401);
  });

  it('checks a token’s signature again whenever its bytes differ from one already verified (a node remembers verified tokens)', async () => {
    expect((await self(access)).statusCode).toBe(200);
    const [head, body, signature] = access.split('.') as [string, string, string];
    // The verified token's header and claims with a damaged signature, and its signature under changed claims.
    const damaged = `${head}.${body}.${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const promoted = `${head}.${b64({ ...decode(access), authorization: { demo: { roles: ['admin'] } } })}.${signature}`;
    for (const forged of [damaged, promoted]) {
      const res = await self(forged);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid token.');
    }
    expect((await self(access)).statusCode).toBe(200);
  });

  it('refuses a remembered token once it has expired', async () => {
    expect((await self(access)).statusCode).toBe(200);
    vi.useFakeTimers({ now: (decode(access).exp as number) * 1000 + 1000, toFake: ['Date'] });
    try {
      const res = await self(access);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Token expired.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token signed with another key under our kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(decode(access))
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: header(access).kid as string })
      .sign(privateKey);
    const res = await self(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid token.');
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const jwks = (await t.app.inject('/v0/tenants/demo/jwks.json')).json();
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const forged = await new SignJWT(decode(access)).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: header(access).kid as string }).sign(secret);
    expect((await self(forged)).statusCode).toBe(401);
  });

  it('refuses a tampered payload', async () => {
    const [h, , s] = access.split('.');
    const tampered = `${h}.${b64({ ...decode(access), userId: 999 })}.${s}`;
    expect((await self(tampered)).statusCode).toBe(401);
  });

  it('refuses an expired token with a clear message', async () => {
    const key = await t.runtime.identity.keys.signingKey('demo');
    const claims = decode(access);
    const expired = await new SignJWT({ ...claims, iat: undefined, exp: undefined })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid })
      .setIssuer(claims.iss as string)
      .setAudience('demo')
      .setSubject(claims.sub as string)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key.privateKey);
    const res = await self(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Token expired.');
  });

  it('refuses the id token where an access token is required', async () => {
    expect((await self(idToken)).statusCode).toBe(401);
  });

  it('refuses a malformed Authorization header and garbage tokens', async () => {
    expect((await t.app.inject({ url: '/v0/self', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
    expect((await self('not.a.jwt')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v0/self' })).statusCode).toBe(401);
  });
});

describe('tenant isolation', () => {
  it('lets the same email exist in two tenants, and refuses one tenant\'s token in the other', async () => {
    const eagles = await signUp(t, { email: 'player@example.com', username: 'player1' }, 'eagles');
    expect(eagles.statusCode).toBe(201);
    const eaglesAccess = eagles.json().tokens.access.value;
    expect(decode(eaglesAccess).tenantId).toBe('eagles');
    expect(Object.keys(cookiesOf(eagles))).toContain('refresh.eagles');

    // demo's endpoint with an eagles token
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v0/tenants/demo/auth/basic',
      headers: bearer(eaglesAccess),
      payload: { existingPassword: 'x'.repeat(10), password: 'y'.repeat(10) },
    });
    expect(res.statusCode).toBe(401);

    // an eagles-signed token that claims to be demo's fails demo's keys
    const key = await t.runtime.identity.keys.signingKey('eagles');
    const forged = await new SignJWT({ ...decode(eaglesAccess), tenantId: 'demo', iat: undefined, exp: undefined })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid })
      .setIssuer('http://localhost:3000/v0/tenants/demo')
      .setAudience('demo')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key.privateKey);
    expect((await self(forged)).statusCode).toBe(401);

    // signing in with demo credentials against eagles uses eagles' own account
    const cross = await signIn(t, 'player@example.com', 'correct horse battery staple', 'eagles');
    expect(decode(cross.json().tokens.access.value).userId).not.toBe(decode(access).userId);
  });

  it('serves each tenant its own config by host name', async () => {
    expect((await t.app.inject({ url: '/api/config', headers: { host: 'eagles.test' } })).json().tenantId).toBe('eagles');
    expect((await t.app.inject({ url: '/api/config', headers: { host: 'localhost:3000' } })).json().tenantId).toBe('demo');
    expect((await t.app.inject({ url: '/api/config', headers: { host: 'unknown.example' } })).json().tenantId).toBe('demo');
  });
});

describe('refresh tokens', () => {
  it('rotate on every use (cookie or Bearer) and a reused token revokes the whole session', async () => {
    const session = (await signIn(t, 'player1')).json();
    const first = await t.app.inject({ url: '/v0/auth/refresh', cookies: { 'refresh.demo': session.tokens.refresh.value } });
    expect(first.statusCode).toBe(200);
    const rotated = first.json().tokens.refresh.value;
    expect(rotated).not.toBe(session.tokens.refresh.value);
    expect(cookiesOf(first)['refresh.demo']?.value).toBe(rotated);
    expect(first.json().sessionId).toBe(session.sessionId);

    const second = await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(rotated) });
    expect(second.statusCode).toBe(200);
    const newest = second.json().tokens.refresh.value;

    // The first token again: theft detected, the session family is revoked.
    const reuse = await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(session.tokens.refresh.value) });
    expect(reuse.statusCode).toBe(401);
    expect(cookiesOf(reuse)['refresh.demo']?.value).toBe('');
    expect((await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(newest) })).statusCode).toBe(401);
    expect((await self(second.json().tokens.access.value)).statusCode).toBe(401);
  });

  it('refreshed twice at once (no Web Locks) both answer the same successor, and the session lives on', async () => {
    const session = (await signIn(t, 'player1')).json();
    const refresh = (token: string) => t.app.inject({ url: '/v0/auth/refresh', headers: bearer(token) });
    const [a, b] = await Promise.all([refresh(session.tokens.refresh.value), refresh(session.tokens.refresh.value)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const successor = a.json().tokens.refresh.value;
    expect(b.json().tokens.refresh.value).toBe(successor);
    expect(cookiesOf(b)['refresh.demo']?.value).toBe(successor);
    const next = await refresh(successor);
    expect(next.statusCode).toBe(200);
    expect((await self(next.json().tokens.access.value)).statusCode).toBe(200);
  });

  it('presented again after the grace window revoke the session', async () => {
    const session = (await signIn(t, 'player1')).json();
    const first = await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(session.tokens.refresh.value) });
    expect(first.statusCode).toBe(200);
    // The window is 10 s: move the rotation back instead of waiting.
    await t.runtime.db.$client.query("UPDATE identity_refresh_tokens SET used_at = now() - interval '11 seconds' WHERE session_id = $1 AND used_at IS NOT NULL", [session.sessionId]);
    const late = await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(session.tokens.refresh.value) });
    expect(late.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(first.json().tokens.refresh.value) })).statusCode).toBe(401);
    expect((await self(first.json().tokens.access.value)).statusCode).toBe(401);
  });

  it('stop at the absolute session lifetime', async () => {
    const session = (await signIn(t, 'player1')).json();
    await t.runtime.db.$client.query("UPDATE identity_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [session.sessionId]);
    expect((await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(session.tokens.refresh.value) })).statusCode).toBe(401);
  });

  it('refuses unknown tokens and missing credentials', async () => {
    expect((await t.app.inject({ url: '/v0/auth/refresh', headers: bearer('made-up') })).statusCode).toBe(401);
    const none = await t.app.inject({ url: '/v0/auth/refresh' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Your session has ended. Please sign in again.');
  });
});

describe('logout', () => {
  it('revokes the session on the server and clears the cookies', async () => {
    const session = (await signIn(t, 'player1')).json();
    const res = await t.app.inject({ url: '/v0/auth/logout', headers: bearer(session.tokens.access.value) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OK' });
    const cleared = cookiesOf(res);
    for (const name of ['access.demo', 'id.demo', 'refresh.demo', 'session.demo']) expect(cleared[name]?.value, name).toBe('');
    expect((await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(session.tokens.refresh.value) })).statusCode).toBe(401);
    expect((await self(session.tokens.access.value)).statusCode).toBe(401);
  });

  it('refuses the refresh cookie alone, so an <img src> cannot sign anyone out', async () => {
    const session = (await signIn(t, 'player1')).json();
    const res = await t.app.inject({ url: '/v0/auth/logout', cookies: { 'refresh.demo': session.tokens.refresh.value } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
    expect(res.cookies).toEqual([]);
    expect((await self(session.tokens.access.value)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(session.tokens.refresh.value) })).statusCode).toBe(200);
  });

  it('refuses a cross-site request even with the token', async () => {
    const session = (await signIn(t, 'player1')).json();
    const res = await t.app.inject({ url: '/v0/auth/logout', headers: { ...bearer(session.tokens.access.value), 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Sign out from the app itself.' });
    expect((await self(session.tokens.access.value)).statusCode).toBe(200);
  });

  it('works with an expired access token (it still names the session), but not a forged one', async () => {
    const session = (await signIn(t, 'player1')).json();
    const access: string = session.tokens.access.value;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    try {
      expect((await self(access)).json().message).toBe('Token expired.');
      const [head, body] = access.split('.');
      const forged = await t.app.inject({ url: '/v0/auth/logout', headers: bearer(`${head}.${body}.${'A'.repeat(342)}`) });
      expect(forged.statusCode).toBe(401);
      const res = await t.app.inject({ url: '/v0/auth/logout', headers: bearer(access) });
      expect(res.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect((await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(session.tokens.refresh.value) })).statusCode).toBe(401);
  });

  it('signs out other sessions on request and lists the remaining ones', async () => {
    const a = (await signIn(t, 'player1')).json();
    const b = (await signIn(t, 'player1')).json();
    const res = await t.app.inject({ method: 'POST', url: '/v0/auth/logout/others', headers: bearer(a.tokens.access.value) });
    expect(res.json().message).toBe('OK');
    expect(res.json().revoked).toBeGreaterThanOrEqual(1);
    expect((await self(b.tokens.access.value)).statusCode).toBe(401);
    const list = (await t.app.inject({ url: '/v0/self/sessions', headers: bearer(a.tokens.access.value) })).json();
    expect(list.sessions).toHaveLength(1);
    expect(list.sessions[0]).toMatchObject({ sessionId: a.sessionId, current: true });
  });
});

describe('PUT /v0/self', () => {
  it('updates profile fields and refuses an empty update or a taken username', async () => {
    const session = (await signIn(t, 'player1')).json();
    const res = await t.app.inject({ method: 'PUT', url: '/v0/self', headers: bearer(session.tokens.access.value), payload: { name: 'Pat Player', data: { jersey: 7 } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Pat Player', data: { jersey: 7 } });

    const empty = await t.app.inject({ method: 'PUT', url: '/v0/self', headers: bearer(session.tokens.access.value), payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('A user update needs at least one property');

    await signUp(t, { email: 'other@example.com', username: 'taken_name' });
    const clash = await t.app.inject({ method: 'PUT', url: '/v0/self', headers: bearer(session.tokens.access.value), payload: { username: 'Taken_Name' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Username already exists');
  });
});

describe('GET /v0/tenants/{t}/mode', () => {
  it('reads mode and factors', async () => {
    const res = (await t.app.inject('/v0/tenants/demo/mode')).json();
    expect(res.mode).toBe('test');
    expect(res.authentication.firstFactors).toContainEqual({ channel: 'email', strategy: 'password' });
    expect(res.authentication.secondFactors).toContainEqual({ strategy: 'totp', channel: 'authenticator' });
    expect((await t.app.inject('/v0/tenants/nope/mode')).statusCode).toBe(404);
  });
});

