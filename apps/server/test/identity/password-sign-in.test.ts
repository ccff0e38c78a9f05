import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, cookiesOf, decode, header, signIn, signUp, strongPassword } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

describe('POST /v0/tenants/{t}/auth/create', () => {
  it('creates the account and signs in: tokens in the body and as cookies', async () => {
    const res = await signUp(t, { email: 'Coach@Example.com', username: 'coach_k', name: 'Coach K', data: { role: 'coach' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ message: 'OK', mode: 'test', redirectTo: '/' });
    expect(body).not.toHaveProperty('firstFactorToken');
    expect(Object.keys(body.tokens).sort()).toEqual(['access', 'id', 'refresh']);

    const access = decode(body.tokens.access.value);
    expect(header(body.tokens.access.value)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(access).toMatchObject({
      mode: 'test',
      tenantId: 'demo',
      isConfirmed: false,
      isEmailConfirmed: false,
      isPhoneNumberConfirmed: false,
      authorization: { demo: { roles: [] } },
      sessionId: body.sessionId,
    });
    expect(typeof access.userId).toBe('number');
    expect(access.exp! as number - (access.iat as number)).toBe(15 * 60);

    const id = decode(body.tokens.id.value);
    expect(id).toMatchObject({ email: 'coach@example.com', username: 'coach_k', name: 'Coach K', data: { role: 'coach' }, isMfaRequired: false });
    expect(id).toHaveProperty('createdAt');

    const cookies = cookiesOf(res);
    expect(cookies['access.demo']).toMatchObject({ value: body.tokens.access.value, path: '/', sameSite: 'Lax' });
    expect(cookies['id.demo']).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookies['refresh.demo']).toMatchObject({ value: body.tokens.refresh.value, path: '/v0/auth', sameSite: 'Strict', httpOnly: true });
    expect(cookies['session.demo']?.value).toBe('1');
    expect(cookies['refresh.demo']?.secure).toBeFalsy();
  });

  it.each([
    [{ email: 'coach@example.com' }, 409, 'An account with this email already exists.'],
    [{ email: 'new1@example.com', username: 'COACH_K' }, 409, 'Username already exists'],
    [{ email: 'new2@example.com', password: 'password123' }, 400, 'This password is too common or easy to guess. Please choose another one.'],
    [{ email: 'new3@example.com', password: 'short' }, 400, 'Password must be at least 8 characters.'],
    [{ email: 'new4@example.com', password: 'x'.repeat(129) }, 400, 'Password must be at most 128 characters.'],
    [{ email: 'new5@example.com', password: 'new5@example.com' }, 400, 'This password is too common or easy to guess. Please choose another one.'],
    [{ email: 'not-an-email' }, 400, 'body.email: Invalid email'],
    [{ email: 'new6@example.com', username: 'bad name!' }, 400, 'body.username: Username can only contain alphanumeric characters, dashes, underscores, and plus signs'],
  ])('refuses %j with %i', async (body, status, message) => {
    const res = await signUp(t, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('accepts a long passphrase without composition rules', async () => {
    const res = await signUp(t, { email: 'athlete@example.com', password: 'all lowercase words are fine here' });
    expect(res.statusCode).toBe(201);
  });

  it('answers 404 for a tenant that does not exist', async () => {
    const res = await signUp(t, { email: 'x@example.com' }, 'nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Missing tenantId');
  });
});

describe('POST /v0/tenants/{t}/auth/basic', () => {
  it('signs in by email or by username, case-insensitively', async () => {
    for (const who of ['coach@example.com', 'COACH@example.com', 'coach_k', 'Coach_K']) {
      const res = await signIn(t, who);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().tokens.access.value).toBeTruthy();
    }
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const wrong = await signIn(t, 'athlete@example.com', 'not the password at all');
    const unknown = await signIn(t, 'nobody@example.com', 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Incorrect email or password');
  });

  it('locks the account after 10 failures, answering like a wrong password, and unlocks after the lock expires', async () => {
    await signUp(t, { email: 'lock@example.com' });
    for (let i = 0; i < 10; i++) expect((await signIn(t, 'lock@example.com', `wrong-${i}-password`)).statusCode).toBe(401);
    const locked = await signIn(t, 'lock@example.com');
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe('Incorrect email or password');

    await t.runtime.db.$client.query("UPDATE identity_users SET locked_until = now() - interval '1 second' WHERE email = 'lock@example.com'");
    const after = await signIn(t, 'lock@example.com');
    expect(after.statusCode).toBe(200);
    const { rows } = await t.runtime.db.$client.query("SELECT failed_sign_ins FROM identity_users WHERE email = 'lock@example.com'");
    expect(rows[0].failed_sign_ins).toBe(0);
  });

  it('stores argon2id hashes with the OWASP parameters', async () => {
    const { rows } = await t.runtime.db.$client.query("SELECT password_hash FROM identity_users WHERE email = 'coach@example.com'");
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('validates the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/basic', payload: { emailOrUsername: 'a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.password: Required');
  });
});

describe('POST /v0/tenants/{t}/auth/password/migrate', () => {
  it('signs in an imported bcrypt account and upgrades its hash to argon2id', async () => {
    const legacy = await bcrypt.hash('imported from the old system', 10);
    await t.runtime.db.$client.query("INSERT INTO identity_users (tenant_id, email, password_hash) VALUES ('demo', 'legacy@example.com', $1)", [legacy]);
    const wrong = await t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/password/migrate', payload: { emailOrUsername: 'legacy@example.com', password: 'nope nope nope' } });
    expect(wrong.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v0/tenants/demo/auth/password/migrate',
      payload: { emailOrUsername: 'legacy@example.com', password: 'imported from the old system' },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.runtime.db.$client.query("SELECT password_hash FROM identity_users WHERE email = 'legacy@example.com'");
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect((await signIn(t, 'legacy@example.com', 'imported from the old system')).statusCode).toBe(200);
  });
});

describe('PUT /v0/tenants/{t}/auth/basic (change password)', () => {
  it('needs the existing password and ends the other sessions only', async () => {
    await signUp(t, { email: 'change@example.com' });
    const here = (await signIn(t, 'change@example.com')).json();
    const elsewhere = (await signIn(t, 'change@example.com')).json();

    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/v0/tenants/demo/auth/basic',
      headers: bearer(here.tokens.access.value),
      payload: { existingPassword: 'wrong wrong wrong', password: 'a brand new passphrase' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Your current password is incorrect.');

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/v0/tenants/demo/auth/basic',
      headers: bearer(here.tokens.access.value),
      payload: { existingPassword: strongPassword, password: 'a brand new passphrase' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'OK' });

    expect((await t.app.inject({ url: '/v0/self', headers: bearer(here.tokens.access.value) })).statusCode).toBe(200);
    const other = await t.app.inject({ url: '/v0/self', headers: bearer(elsewhere.tokens.access.value) });
    expect(other.statusCode).toBe(401);
    expect(other.json().message).toBe('Your session has ended. Please sign in again.');
    expect((await t.app.inject({ url: '/v0/auth/refresh', headers: bearer(elsewhere.tokens.refresh.value) })).statusCode).toBe(401);

    expect((await signIn(t, 'change@example.com')).statusCode).toBe(401);
    expect((await signIn(t, 'change@example.com', 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('refuses without a token', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/v0/tenants/demo/auth/basic', payload: { existingPassword: 'x', password: 'y' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sign in to continue.');
  });
});
