import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyEncryptionBox } from '../../src/modules/identity/key-encryption-key';
import { createSecretBox } from '../../src/modules/identity/secret-box';
import { matchingStep } from '../../src/modules/identity/totp.service';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, decode, signIn, signUp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const STEP_MS = 30_000;
/** A code for the step `offsetSteps` away from now. */
const codeAt = (secret: string, offsetSteps = 0) => authenticator.clone({ epoch: Date.now() + offsetSteps * STEP_MS }).generate(secret);

/** Keeps step arithmetic in a test away from a 30 s boundary. */
async function awayFromBoundary() {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 2_000) await new Promise((r) => setTimeout(r, left + 100));
}

/** Tests reuse one user across several sign-ins inside one 30 s step; this forgets the last accepted step. */
const forgetLastStep = (userId: number) => t.runtime.db.execute(sql`UPDATE identity_users SET totp_last_step = NULL WHERE id = ${userId}`);

const totpPost = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/totp', payload, headers });

interface Enrolled {
  email: string;
  userId: number;
  access: string;
  secret: string;
  backupCodes: string[];
}

async function enrolled(name: string): Promise<Enrolled> {
  const email = `${name}@example.com`;
  const body = (await signUp(t, { email })).json();
  const access = body.tokens.access.value as string;
  const enrol = (await t.app.inject({ url: '/v0/auth/totp', headers: bearer(access) })).json();
  const confirm = await totpPost({ totpCode: codeAt(enrol.totpSecret) }, bearer(access));
  expect(confirm.statusCode).toBe(200);
  const userId = decode(access).userId as number;
  await forgetLastStep(userId);
  return { email, userId, access, secret: enrol.totpSecret, backupCodes: enrol.backupCodes };
}

async function firstFactor(email: string): Promise<string> {
  const res = await signIn(t, email);
  expect(res.statusCode).toBe(200);
  return res.json().firstFactorToken;
}

describe('enrolment', () => {
  let access: string;
  let other: string;

  beforeAll(async () => {
    access = (await signUp(t, { email: 'enrol@example.com', username: 'enroller' })).json().tokens.access.value;
    other = (await signIn(t, 'enrol@example.com')).json().tokens.access.value;
  });

  it('needs an access token', async () => {
    expect((await t.app.inject({ url: '/v0/auth/totp' })).statusCode).toBe(401);
  });

  it('returns a base32 secret, a PNG QR code and 10 backup codes, stored pending and encrypted with the key-encryption key', async () => {
    const res = await t.app.inject({ url: '/v0/auth/totp', headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(body.qrCode.split(',')[1], 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(body.backupCodes).toHaveLength(10);
    for (const c of body.backupCodes) expect(c).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}$/);
    expect(new Set(body.backupCodes).size).toBe(10);

    const userId = decode(access).userId as number;
    const [row] = (await t.runtime.db.execute(sql`SELECT totp_secret, totp_secret_box, totp_enabled_at FROM identity_users WHERE id = ${userId}`)).rows as {
      totp_secret: string | null;
      totp_secret_box: string;
      totp_enabled_at: Date | null;
    }[];
    expect(row!.totp_enabled_at).toBeNull();
    expect(row!.totp_secret).toBeNull();
    expect(row!.totp_secret_box).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row!.totp_secret_box).not.toContain(body.totpSecret);
    expect(await keyEncryptionBox(t.config).decrypt(row!.totp_secret_box, `totp:${userId}`)).toBe(body.totpSecret);
    // The key kept in the database does not open it: a copy of the database cannot make codes.
    await expect(createSecretBox(t.runtime.db).decrypt(row!.totp_secret_box, `totp:${userId}`)).rejects.toThrow();
    const hashes = (await t.runtime.db.execute(sql`SELECT code_hash FROM identity_backup_codes WHERE user_id = ${userId}`)).rows as { code_hash: string }[];
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h.code_hash).toMatch(/^\$argon2id\$/);
  });

  it('signing in still needs no second factor while the enrolment is pending', async () => {
    expect((await signIn(t, 'enrol@example.com')).json().message).toBe('OK');
  });

  it('re-calling GET replaces the pending enrolment', async () => {
    const first = (await t.app.inject({ url: '/v0/auth/totp', headers: bearer(access) })).json();
    const second = (await t.app.inject({ url: '/v0/auth/totp', headers: bearer(access) })).json();
    expect(second.totpSecret).not.toBe(first.totpSecret);
    await awayFromBoundary();
    const stale = await totpPost({ totpCode: codeAt(first.totpSecret) }, bearer(access));
    // Signed in, wrong proof: 403, so a client does not mistake it for an ended session.
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: 'Incorrect code' });

    const ok = await totpPost({ totpCode: codeAt(second.totpSecret) }, bearer(access));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'OK', isMfaRequired: true });
  });

  it('confirming ends the other sessions but keeps the current one', async () => {
    expect((await t.app.inject({ url: '/v0/self', headers: bearer(other) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v0/self', headers: bearer(access) })).statusCode).toBe(200);
  });

  it('answers 409 once MFA is on', async () => {
    const res = await t.app.inject({ url: '/v0/auth/totp', headers: bearer(access) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Two-factor authentication is already on.');
  });

  it('password sign-in then asks for the second factor', async () => {
    const ff = (await signIn(t, 'enrol@example.com')).json();
    expect(ff.isMfaRequired).toBe(true);
  });
});

describe('second factor', () => {
  let u: Enrolled;
  beforeAll(async () => {
    u = await enrolled('second');
  });

  it('password sign-in answers the MFA body, then TOTP finishes with tokens', async () => {
    const res = await signIn(t, u.email);
    expect(res.statusCode).toBe(200);
    const mfa = res.json();
    expect(mfa).toMatchObject({
      message: 'MFA required',
      isMfaRequired: true,
      authentication: {
        firstFactor: { strategy: 'password', channel: 'email' },
        secondFactors: [
          { strategy: 'totp', channel: 'authenticator' },
          { strategy: 'verificationCode', channel: 'email' },
        ],
      },
    });
    expect(typeof mfa.firstFactorToken).toBe('string');
    expect(res.cookies).toHaveLength(0);

    const done = await totpPost({ totpCode: codeAt(u.secret) }, bearer(mfa.firstFactorToken));
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ message: 'OK', redirectTo: '/' });
    expect(body).not.toHaveProperty('firstFactorToken');
    expect(body.tokens.access.value).toBeTruthy();
    expect(done.cookies.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/v0/self', headers: bearer(body.tokens.access.value) })).statusCode).toBe(200);
  });

  it('refuses a replay of the same code (same step) on a new sign-in', async () => {
    await forgetLastStep(u.userId);
    await awayFromBoundary();
    const code = codeAt(u.secret);
    expect((await totpPost({ totpCode: code }, bearer(await firstFactor(u.email)))).statusCode).toBe(200);
    const replay = await totpPost({ totpCode: code }, bearer(await firstFactor(u.email)));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Incorrect code');
  });

  it('a parallel double-submit of one code: exactly one succeeds', async () => {
    await forgetLastStep(u.userId);
    await awayFromBoundary();
    const [a, b] = await Promise.all([firstFactor(u.email), firstFactor(u.email)]);
    const code = codeAt(u.secret);
    const results = await Promise.all([totpPost({ totpCode: code }, bearer(a!)), totpPost({ totpCode: code }, bearer(b!))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts a code one step old, refuses one two steps old or ahead', async () => {
    await forgetLastStep(u.userId);
    await awayFromBoundary();
    const ff = await firstFactor(u.email);
    expect((await totpPost({ totpCode: codeAt(u.secret, -2) }, bearer(ff))).statusCode).toBe(401);
    expect((await totpPost({ totpCode: codeAt(u.secret, 2) }, bearer(ff))).statusCode).toBe(401);
    expect((await totpPost({ totpCode: codeAt(u.secret, -1) }, bearer(ff))).statusCode).toBe(200);
  });

  it('after a code of a later step, older steps are refused', async () => {
    await forgetLastStep(u.userId);
    await awayFromBoundary();
    expect((await totpPost({ totpCode: codeAt(u.secret, 1) }, bearer(await firstFactor(u.email)))).statusCode).toBe(200);
    expect((await totpPost({ totpCode: codeAt(u.secret, 0) }, bearer(await firstFactor(u.email)))).statusCode).toBe(401);
  });

  it('a backup code works once', async () => {
    const code = u.backupCodes[0]!;
    const ok = await totpPost({ backupCode: code.toUpperCase() }, bearer(await firstFactor(u.email)));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('OK');
    const again = await totpPost({ backupCode: code }, bearer(await firstFactor(u.email)));
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Incorrect code');
  });

  it('the first-factor token is single use', async () => {
    await forgetLastStep(u.userId);
    const ff = await firstFactor(u.email);
    expect((await totpPost({ totpCode: codeAt(u.secret) }, bearer(ff))).statusCode).toBe(200);
    await forgetLastStep(u.userId);
    const again = await totpPost({ totpCode: codeAt(u.secret) }, bearer(ff));
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Your sign-in attempt has expired. Please sign in again.');
  });

  it('an expired first-factor token is refused', async () => {
    await forgetLastStep(u.userId);
    const claims = decode(await firstFactor(u.email));
    const key = await t.runtime.identity.keys.signingKey('demo');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ userId: claims.userId, userUuid: claims.userUuid, tenantId: 'demo', jti: claims.jti as string, firstFactor: claims.firstFactor })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'ff+jwt' })
      .setIssuer(claims.iss as string)
      .setAudience('demo')
      .setSubject(claims.sub as string)
      .setIssuedAt(now - 400)
      .setExpirationTime(now - 100)
      .sign(key.privateKey);
    const res = await totpPost({ totpCode: codeAt(u.secret) }, bearer(expired));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your sign-in attempt has expired. Please sign in again.');
  });

  it('a first-factor token whose row expired (5 minutes) is refused', async () => {
    await forgetLastStep(u.userId);
    const ff = await firstFactor(u.email);
    await t.runtime.db.execute(sql`UPDATE identity_one_time_tokens SET expires_at = now() - interval '1 second' WHERE id = ${decode(ff).jti as string}`);
    expect((await totpPost({ totpCode: codeAt(u.secret) }, bearer(ff))).statusCode).toBe(401);
  });

  it('an access token is not a first-factor token and a first-factor token is not an access token', async () => {
    await forgetLastStep(u.userId);
    await expect(t.runtime.identity.tokens.verifyFirstFactor(u.access, 'demo')).rejects.toThrow();
    // An access token on the sign-in path is an enrolment confirmation: MFA is on already, no tokens come out.
    const asFirstFactor = await totpPost({ totpCode: codeAt(u.secret) }, bearer(u.access));
    expect(asFirstFactor.statusCode).toBe(409);
    expect(asFirstFactor.json()).not.toHaveProperty('tokens');

    const ff = await firstFactor(u.email);
    expect((await t.app.inject({ url: '/v0/self', headers: bearer(ff) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v0/auth/totp', headers: bearer(ff) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/v0/auth/totp', payload: { totpCode: codeAt(u.secret) }, headers: bearer(ff) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v0/auth/saml/idp/token', headers: bearer(ff) })).statusCode).toBe(401);
  });

  it('validates the body', async () => {
    const ff = await firstFactor(u.email);
    expect((await totpPost({}, bearer(ff))).statusCode).toBe(400);
    expect((await totpPost({ totpCode: '12345' }, bearer(ff))).statusCode).toBe(400);
  });
});

describe('lockout', () => {
  it('ten wrong codes lock the account; then even a right code answers the same 401', async () => {
    const u = await enrolled('locked');
    const ff = await firstFactor(u.email);
    await awayFromBoundary();
    const right = codeAt(u.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 10; i++) {
      const res = await totpPost(i % 2 ? { totpCode: wrong } : { backupCode: 'zzzz-zzzz' }, bearer(ff));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Incorrect code');
    }
    const [row] = (await t.runtime.db.execute(sql`SELECT locked_until FROM identity_users WHERE id = ${u.userId}`)).rows as { locked_until: Date | null }[];
    expect(row!.locked_until).not.toBeNull();
    const locked = await totpPost({ totpCode: right }, bearer(ff));
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe('Incorrect code');
  });
});

describe('TOTP as the first factor', () => {
  let u: Enrolled;
  beforeAll(async () => {
    u = await enrolled('firstfactor');
  });

  it('identifies the account by email, username-less, and asks for a different second factor', async () => {
    const res = await totpPost({ totpCode: codeAt(u.secret), email: u.email });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isMfaRequired: true, authentication: { firstFactor: { strategy: 'totp', channel: 'authenticator' } } });
    await forgetLastStep(u.userId);
    const again = await totpPost({ totpCode: codeAt(u.secret) }, bearer(body.firstFactorToken));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Use a different second factor.');
  });

  it('works with userId and userUuid too', async () => {
    await forgetLastStep(u.userId);
    expect((await totpPost({ totpCode: codeAt(u.secret), userId: u.userId })).json().isMfaRequired).toBe(true);
    await forgetLastStep(u.userId);
    expect((await totpPost({ totpCode: codeAt(u.secret), userUuid: decode(u.access).userUuid })).json().isMfaRequired).toBe(true);
  });

  it('answers an unknown user, a user without MFA and a wrong code alike', async () => {
    await forgetLastStep(u.userId);
    await signUp(t, { email: 'nomfa@example.com' });
    await awayFromBoundary();
    const code = codeAt(u.secret);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all([
      totpPost({ totpCode: code, email: 'nobody@example.com' }),
      totpPost({ totpCode: code, email: 'nomfa@example.com' }),
      totpPost({ totpCode: wrong, email: u.email }),
      totpPost({ totpCode: code }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', error: 'Unauthorized', message: 'Incorrect code' });
    }
  });
});

describe('disable', () => {
  it('needs a valid code, then sign-in needs no second factor', async () => {
    const u = await enrolled('disable');
    const del = (payload: Record<string, unknown>) => t.app.inject({ method: 'DELETE', url: '/v0/auth/totp', payload, headers: bearer(u.access) });
    expect((await del({})).statusCode).toBe(400);
    await awayFromBoundary();
    const wrong = String((Number(codeAt(u.secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await del({ totpCode: wrong })).statusCode).toBe(403);
    const ok = await del({ totpCode: codeAt(u.secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'OK' });
    expect((await signIn(t, u.email)).json().message).toBe('OK');
    const [row] = (await t.runtime.db.execute(
      sql`SELECT totp_secret, totp_secret_box, totp_enabled_at, (SELECT count(*)::int FROM identity_backup_codes WHERE user_id = ${u.userId}) AS codes FROM identity_users WHERE id = ${u.userId}`,
    )).rows as { totp_secret: string | null; totp_secret_box: string | null; totp_enabled_at: Date | null; codes: number }[];
    expect(row).toEqual({ totp_secret: null, totp_secret_box: null, totp_enabled_at: null, codes: 0 });
    expect((await del({ totpCode: codeAt(u.secret) })).statusCode).toBe(400);
  });

  it('accepts a backup code', async () => {
    const u = await enrolled('disable2');
    const res = await t.app.inject({ method: 'DELETE', url: '/v0/auth/totp', payload: { backupCode: u.backupCodes[3] }, headers: bearer(u.access) });
    expect(res.statusCode).toBe(200);
  });
});

describe('matchingStep', () => {
  it('returns the step of the code within ±1', () => {
    const secret = authenticator.generateSecret(20);
    const now = 1_700_000_015_000;
    const step = Math.floor(now / STEP_MS);
    const at = (ms: number) => authenticator.clone({ epoch: ms }).generate(secret);
    expect(matchingStep(secret, at(now), now)).toBe(step);
    expect(matchingStep(secret, at(now - STEP_MS), now)).toBe(step - 1);
    expect(matchingStep(secret, at(now + STEP_MS), now)).toBe(step + 1);
    expect(matchingStep(secret, at(now - 2 * STEP_MS), now)).toBeUndefined();
  });
});
