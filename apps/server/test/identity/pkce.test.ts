import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, signUp, strongPassword } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000', TENANTS: 'demo=localhost,native=native.test' });
  // Before any call reads (and caches) the tenant.
  await t.runtime.db.execute(sql`UPDATE tenants SET require_pkce = true WHERE id = 'native'`);
  await signUp(t, { email: 'native@example.com' }, 'native');
  await signUp(t, { email: 'web@example.com' }, 'demo');
});
afterAll(() => t.close());

const newVerifier = () => randomBytes(48).toString('base64url'); // 64 characters
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function authorize(challenge: string, tenant = 'native', email = 'native@example.com') {
  return t.app.inject({
    method: 'POST',
    url: `/v0/tenants/${tenant}/auth/basic?code_challenge=${challenge}`,
    payload: { emailOrUsername: email, password: strongPassword },
  });
}

const exchange = (authorizationCode: string, codeVerifier: string, tenant = 'native') =>
  t.app.inject({ method: 'POST', url: `/v0/tenants/${tenant}/auth/token`, payload: { authorizationCode, codeVerifier } });

const self = (access: string) => t.app.inject({ url: '/v0/self', headers: bearer(access) });

describe('PKCE authorization-code exchange', () => {
  it('happy path: code, then tokens for a new session', async () => {
    const verifier = newVerifier();
    const res = await authorize(challengeOf(verifier));
    expect(res.statusCode).toBe(200);
    const pkce = res.json();
    expect(pkce).toMatchObject({ message: 'PKCE required', redirectTo: '/' });
    expect(pkce).not.toHaveProperty('tokens');
    expect(res.cookies).toHaveLength(0);

    const done = await exchange(pkce.authorizationCode, verifier);
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ message: 'OK', redirectTo: '/' });
    expect(body.sessionId).toBeTruthy();
    expect((await self(body.tokens.access.value)).statusCode).toBe(200);
  });

  it('a wrong verifier is refused and spends the code', async () => {
    const verifier = newVerifier();
    const { authorizationCode } = (await authorize(challengeOf(verifier))).json();
    const wrong = await exchange(authorizationCode, newVerifier());
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: 'Invalid code verifier' });
    expect((await exchange(authorizationCode, verifier)).statusCode).toBe(400);
  });

  it('a replayed code is refused and revokes the session it produced', async () => {
    const verifier = newVerifier();
    const { authorizationCode } = (await authorize(challengeOf(verifier))).json();
    const first = (await exchange(authorizationCode, verifier)).json();
    expect((await self(first.tokens.access.value)).statusCode).toBe(200);

    const replay = await exchange(authorizationCode, verifier);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('Invalid or expired authorization code.');
    expect((await self(first.tokens.access.value)).statusCode).toBe(401);
    const refresh = await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(first.tokens.refresh.value) });
    expect(refresh.statusCode).toBe(401);
  });

  it('parallel exchanges of one code: at most one session survives', async () => {
    const verifier = newVerifier();
    const { authorizationCode } = (await authorize(challengeOf(verifier))).json();
    const results = await Promise.all([exchange(authorizationCode, verifier), exchange(authorizationCode, verifier)]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    // The loser is a replay: whichever finished, no session of this code stays usable.
    for (const r of ok) expect((await self(r.json().tokens.access.value)).statusCode).toBe(401);
  });

  it('an expired code is refused', async () => {
    const verifier = newVerifier();
    const { authorizationCode } = (await authorize(challengeOf(verifier))).json();
    await t.runtime.db.execute(sql`UPDATE identity_one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'pkce' AND used_at IS NULL`);
    const res = await exchange(authorizationCode, verifier);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired authorization code.');
  });

  it('codes live 10 minutes', async () => {
    const verifier = newVerifier();
    await authorize(challengeOf(verifier));
    const [row] = (await t.runtime.db.execute(
      sql`SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM identity_one_time_tokens WHERE purpose = 'pkce' ORDER BY created_at DESC LIMIT 1`,
    )).rows as { ttl: number }[];
    expect(row!.ttl).toBeGreaterThanOrEqual(599);
    expect(row!.ttl).toBeLessThanOrEqual(601);
  });

  it('refuses the plain method (verifier = challenge) and malformed verifiers', async () => {
    const plain = newVerifier().slice(0, 43);
    const { authorizationCode } = (await authorize(plain)).json();
    const res = await exchange(authorizationCode, plain);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid code verifier');

    for (const bad of ['short', 'a'.repeat(129), `${'a'.repeat(42)}!`]) {
      const { authorizationCode: code } = (await authorize(challengeOf(bad))).json();
      const r = await exchange(code, bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('Invalid code verifier');
    }
  });

  it('refuses a code of another tenant', async () => {
    const verifier = newVerifier();
    const { authorizationCode } = (await authorize(challengeOf(verifier))).json();
    expect((await exchange(authorizationCode, verifier, 'demo')).statusCode).toBe(400);
  });

  it('refuses a code_challenge that is not 43 base64url characters', async () => {
    expect((await authorize('tooshort')).statusCode).toBe(400);
  });

  it('a tenant without requirePkce ignores code_challenge', async () => {
    const res = await authorize(challengeOf(newVerifier()), 'demo', 'web@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('OK');
    expect(res.json()).not.toHaveProperty('authorizationCode');
  });

  it('with MFA, the challenge carries through the second factor', async () => {
    const signUpRes = await signUp(t, { email: 'native-mfa@example.com' }, 'native');
    // Sign-up itself answers a PKCE code when there is a challenge; without one, tokens.
    const access = signUpRes.json().tokens.access.value;
    const { totpSecret } = (await t.app.inject({ url: '/v0/auth/totp', headers: bearer(access) })).json();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/v0/tenants/native/auth/totp',
      payload: { totpCode: authenticator.generate(totpSecret) },
      headers: bearer(access),
    });
    expect(confirm.statusCode).toBe(200);

    const verifier = newVerifier();
    const mfa = (await authorize(challengeOf(verifier), 'native', 'native-mfa@example.com')).json();
    expect(mfa.isMfaRequired).toBe(true);
    await t.runtime.db.execute(sql`UPDATE identity_users SET totp_last_step = NULL WHERE email = 'native-mfa@example.com'`);
    const second = await t.app.inject({
      method: 'POST',
      url: '/v0/tenants/native/auth/totp',
      payload: { totpCode: authenticator.generate(totpSecret) },
      headers: bearer(mfa.firstFactorToken),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe('PKCE required');
    const done = await exchange(second.json().authorizationCode, verifier);
    expect(done.statusCode).toBe(200);
    expect(done.json().tokens.access.value).toBeTruthy();
  });
});
