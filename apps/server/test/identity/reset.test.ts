import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, decode, signIn, signUp, strongPassword } from './helpers';
import { linkIn, passwordlessApp, publicShape, PUBLIC_URL, type PasswordlessApp } from './passwordless-helpers';

let t: PasswordlessApp;
beforeAll(async () => {
  t = await passwordlessApp();
});
afterAll(() => t.close());

const newPassword = 'a brand new passphrase 42';
const requestReset = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/reset/link', payload: body, headers });
const reset = (body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/v0/tenants/demo/auth/reset', payload: body });
const invalid = { statusCode: 401, code: 'UNAUTHORIZED', error: 'Unauthorized', message: 'This reset link is invalid or has expired. Request a new one.' };

async function resetLink(email: string) {
  const res = await requestReset({ email });
  expect(res.statusCode).toBe(200);
  return linkIn((await t.sent(email))[0]);
}

describe('POST /v0/tenants/{t}/auth/reset/link', () => {
  it('mails a reset link built from PUBLIC_URL to an existing account only, with the same answer either way', async () => {
    await signUp(t, { email: 'forgetful@example.com' });
    const known = await requestReset({ email: 'Forgetful@Example.com' }, { host: 'attacker.example.net' });
    const unknown = await requestReset({ email: 'ghost@example.com' });
    expect(known.json()).toMatchObject({ message: 'OK', result: { email: 'Forgetful@Example.com' } });
    expect(publicShape(known)).toEqual(publicShape(unknown));

    const [mail] = await t.sent('forgetful@example.com');
    expect(mail).toMatchObject({ template: 'password-reset' });
    expect(linkIn(mail).url.startsWith(`${PUBLIC_URL}/reset?token=`)).toBe(true);
    expect(mail!.text).not.toContain('attacker.example.net');
    expect(await t.sent('ghost@example.com')).toHaveLength(0);
  });

  it('sends at most 3 reset links per address per 15 minutes', async () => {
    await signUp(t, { email: 'spammed@example.com' });
    for (let i = 0; i < 4; i++) expect((await requestReset({ email: 'spammed@example.com' })).statusCode).toBe(200);
    expect(await t.sent('spammed@example.com')).toHaveLength(3);
  });

  it.each([[{}, 'body.email: Required'], [{ email: 'nope' }, 'body.email: Invalid email']])('refuses %j with 400', async (body, message) => {
    const res = await requestReset(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('PUT /v0/tenants/{t}/auth/reset', () => {
  it('sets the new password, ends the old sessions, confirms the email and signs in; the link works once', async () => {
    const before = await signUp(t, { email: 'resetter@example.com' });
    const oldRefresh = cookiesOf(before)['refresh.demo']!.value;
    const link = await resetLink('resetter@example.com');

    const res = await reset({ uuid: link.uuid, token: link.token, password: newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'OK', redirectTo: '/' });
    expect(decode(res.json().tokens.access.value)).toMatchObject({ isEmailConfirmed: true });

    expect((await signIn(t, 'resetter@example.com', strongPassword)).statusCode).toBe(401);
    expect((await signIn(t, 'resetter@example.com', newPassword)).statusCode).toBe(200);
    const refreshed = await t.app.inject({ method: 'GET', url: '/v0/auth/refresh', headers: { authorization: `Bearer ${oldRefresh}` } });
    expect(refreshed.statusCode).toBe(401);
    const sessions = await t.sql<{ revoked: boolean }>(
      `SELECT revoked_at IS NOT NULL AS revoked FROM identity_sessions WHERE user_id = (SELECT id FROM identity_users WHERE uuid = $1) ORDER BY created_at`,
      [link.uuid],
    );
    expect(sessions[0]).toEqual({ revoked: true });

    const again = await reset({ uuid: link.uuid, token: link.token, password: 'yet another passphrase 7' });
    expect(again.json()).toEqual(invalid);
  });

  it('refuses a weak password without spending the link', async () => {
    await signUp(t, { email: 'weak@example.com' });
    const link = await resetLink('weak@example.com');
    for (const [password, message] of [
      ['password123', 'This password is too common or easy to guess. Please choose another one.'],
      ['short', 'Password must be at least 8 characters.'],
      ['x'.repeat(129), 'Password must be at most 128 characters.'],
    ] as const) {
      const res = await reset({ uuid: link.uuid, token: link.token, password });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await reset({ uuid: link.uuid, token: link.token, password: newPassword })).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    await signUp(t, { email: 'expired@example.com' });
    const link = await resetLink('expired@example.com');
    await t.sql(`UPDATE identity_one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset' AND user_id = (SELECT id FROM identity_users WHERE uuid = $1)`, [link.uuid]);
    expect((await reset({ uuid: link.uuid, token: link.token, password: newPassword })).json()).toEqual(invalid);
  });

  it("refuses a link with another user's uuid and a sign-in link used as a reset link", async () => {
    await signUp(t, { email: 'victim@example.com' });
    await signUp(t, { email: 'holder@example.com' });
    const victim = await resetLink('victim@example.com');
    const holder = await resetLink('holder@example.com');
    expect((await reset({ uuid: victim.uuid, token: holder.token, password: newPassword })).json()).toEqual(invalid);

    await t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/link', payload: { email: 'victim@example.com' } });
    const signInLink = linkIn((await t.sent('victim@example.com'))[0]);
    expect((await reset({ uuid: signInLink.uuid, token: signInLink.token, password: newPassword })).json()).toEqual(invalid);
    expect((await reset({ uuid: holder.uuid, token: holder.token, password: newPassword })).statusCode).toBe(200);
  });

  it('lets a passwordless account choose a password, and MFA users still need their second factor', async () => {
    await t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/link', payload: { email: 'nopass@example.com' } });
    await t.sql(`UPDATE identity_users SET totp_enabled_at = now() WHERE email = 'nopass@example.com'`);
    const link = await resetLink('nopass@example.com');
    const res = await reset({ uuid: link.uuid, token: link.token, password: newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'MFA required', authentication: { firstFactor: { strategy: 'password', channel: 'email' } } });
    expect(res.cookies).toHaveLength(0);
  });

  it.each([
    [{ token: 'x', password: newPassword }, 400, 'body.uuid: Required'],
    [{ uuid: '00000000-0000-4000-8000-000000000000', password: newPassword }, 400, 'body.token: Required'],
    [{ uuid: '00000000-0000-4000-8000-000000000000', token: 'x' }, 400, 'body.password: Required'],
    [{ uuid: '00000000-0000-4000-8000-000000000000', token: 'x', password: newPassword }, 401, invalid.message],
  ])('answers %j with %i', async (body, status, message) => {
    const res = await reset(body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});
