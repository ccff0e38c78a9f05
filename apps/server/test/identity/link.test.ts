import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, decode, signUp } from './helpers';
import { linkIn, passwordlessApp, publicShape, PUBLIC_URL, type PasswordlessApp } from './passwordless-helpers';

let t: PasswordlessApp;
beforeAll(async () => {
  t = await passwordlessApp();
});
afterAll(() => t.close());

const requestLink = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/link', payload: body, headers });
const useLink = (body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/v0/tenants/demo/auth/link', payload: body });

async function freshLink(email: string) {
  const res = await requestLink({ email });
  expect(res.statusCode).toBe(200);
  return linkIn((await t.sent(email))[0]);
}

describe('POST /v0/tenants/{t}/auth/link', () => {
  it('creates a passwordless account for an unknown email and mails a link built from PUBLIC_URL, not the Host header', async () => {
    const res = await requestLink(
      { email: 'New.Athlete@Example.com', name: 'New Athlete', username: 'new_athlete', data: { type: 'athlete' }, options: { x: 1 } },
      { host: 'evil.example.net', 'x-forwarded-host': 'evil.example.net' },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'OK', result: { email: 'New.Athlete@Example.com' } });
    expect(new Date(body.result.submittedAt).toISOString()).toBe(body.result.submittedAt);
    expect(body.result.messageId).toMatch(/^[0-9a-f-]{36}$/);

    const [user] = await t.sql<{ uuid: string; password_hash: string | null; name: string; username: string; data: unknown; is_email_confirmed: boolean }>(
      `SELECT * FROM identity_users WHERE email = 'new.athlete@example.com'`,
    );
    // The sign-up fields wait in the link until the address's owner opens it (see user-data-bounds.test.ts).
    expect(user).toMatchObject({ password_hash: null, name: null, username: null, data: {}, is_email_confirmed: false });

    const mails = await t.sent('new.athlete@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'mail', template: 'magic-link' });
    const link = linkIn(mails[0]);
    expect(link.url.startsWith(`${PUBLIC_URL}/login?token=`)).toBe(true);
    expect(link.uuid).toBe(user!.uuid);
    expect(mails[0]!.text + (mails[0] as { html: string }).html).not.toContain('evil.example.net');
    // Only the hash is stored.
    const rows = await t.sql<{ token_hash: string }>(`SELECT token_hash FROM identity_one_time_tokens WHERE purpose = 'link'`);
    expect(rows.map((r) => r.token_hash)).not.toContain(link.token);

    const used = await useLink({ token: link.token, uuid: link.uuid });
    expect(used.statusCode).toBe(200);
    expect(await t.sql(`SELECT name, username, data FROM identity_users WHERE uuid = $1`, [link.uuid])).toEqual([
      { name: 'New Athlete', username: 'new_athlete', data: { type: 'athlete' } },
    ]);
  });

  it('answers an existing and an unknown account the same way (status, body shape, headers)', async () => {
    await signUp(t, { email: 'exists@example.com' });
    const existing = await requestLink({ email: 'exists@example.com' });
    const unknown = await requestLink({ email: 'nobody-yet@example.com' });
    expect(publicShape(existing)).toEqual(publicShape(unknown));
    const strip = (b: { result: Record<string, unknown> }) => ({ ...b, result: { ...b.result, email: 'x', submittedAt: 'x', messageId: 'x' } });
    expect(strip(existing.json())).toEqual(strip(unknown.json()));

    // Timing sanity check only (not asserted): both paths do the same work and send after answering.
    const time = async (email: string) => {
      const start = performance.now();
      await requestLink({ email });
      return performance.now() - start;
    };
    const known: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 2; i++) {
      known.push(await time('exists@example.com'));
      fresh.push(await time(`timing-${i}@example.com`));
    }
    console.info(`link request ms: existing ${known.map(Math.round).join(',')} vs unknown ${fresh.map(Math.round).join(',')}`);
  });

  it('does not change an existing account and does not leak a taken username', async () => {
    await signUp(t, { email: 'owner@example.com', username: 'taken_name', name: 'Owner' });
    const res = await requestLink({ email: 'owner@example.com', name: 'Attacker', data: { role: 'admin' } });
    expect(res.statusCode).toBe(200);
    const [owner] = await t.sql(`SELECT name, data FROM identity_users WHERE email = 'owner@example.com'`);
    expect(owner).toEqual({ name: 'Owner', data: {} });

    const clash = await requestLink({ email: 'second@example.com', username: 'TAKEN_NAME', name: 'Second' });
    expect(publicShape(clash)).toEqual(publicShape(res));
    const link = linkIn((await t.sent('second@example.com'))[0]);
    expect((await useLink({ token: link.token, uuid: link.uuid })).statusCode).toBe(200);
    const [second] = await t.sql(`SELECT username, name FROM identity_users WHERE email = 'second@example.com'`);
    expect(second).toEqual({ username: null, name: 'Second' });
  });

  it('sends at most 3 messages per address per 15 minutes and still answers OK', async () => {
    const email = 'throttled@example.com';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await requestLink({ email }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(publicShape(answers[3]!)).toEqual(publicShape(answers[0]!));
    expect(await t.sent(email)).toHaveLength(3);
  });

  it.each([
    [{}, 'body.email: Required'],
    [{ email: 'not-an-email' }, 'body.email: Invalid email'],
    [{ email: 'ok@example.com', username: 'bad name!' }, 'body.username: Username can only contain alphanumeric characters, dashes, underscores, and plus signs'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await requestLink(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });
  });
});

describe('PUT /v0/tenants/{t}/auth/link', () => {
  const invalid = { statusCode: 401, code: 'UNAUTHORIZED', error: 'Unauthorized', message: 'This sign-in link is invalid or has expired. Request a new one.' };

  it('signs in once, confirms the email, and refuses the same link again', async () => {
    const link = await freshLink('linker@example.com');
    const res = await useLink({ token: link.token, uuid: link.uuid });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'OK', mode: 'test', redirectTo: '/' });
    expect(decode(body.tokens.access.value)).toMatchObject({ isEmailConfirmed: true, tenantId: 'demo' });
    expect(cookiesOf(res)['refresh.demo']).toBeDefined();
    const [user] = await t.sql(`SELECT is_email_confirmed, confirmed_email_at IS NOT NULL AS confirmed_at FROM identity_users WHERE uuid = $1`, [link.uuid]);
    expect(user).toEqual({ is_email_confirmed: true, confirmed_at: true });

    const again = await useLink({ token: link.token, uuid: link.uuid });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(invalid);
  });

  it('refuses an expired link', async () => {
    const link = await freshLink('late@example.com');
    await t.sql(`UPDATE identity_one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'link' AND meta->>'address' = 'late@example.com'`);
    const res = await useLink({ token: link.token, uuid: link.uuid });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(invalid);
  });

  it("refuses a link with another user's uuid, and that attempt does not spend it", async () => {
    const mine = await freshLink('mine@example.com');
    const other = await freshLink('other@example.com');
    const res = await useLink({ token: mine.token, uuid: other.uuid });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(invalid);
    expect((await useLink({ token: mine.token, uuid: mine.uuid })).statusCode).toBe(200);
  });

  it('only the newest link works', async () => {
    const first = await freshLink('twice@example.com');
    const second = await freshLink('twice@example.com');
    expect((await useLink({ token: first.token, uuid: first.uuid })).statusCode).toBe(401);
    expect((await useLink({ token: second.token, uuid: second.uuid })).statusCode).toBe(200);
  });

  it('asks MFA users for their second factor', async () => {
    const link = await freshLink('mfa-link@example.com');
    await t.sql(`UPDATE identity_users SET totp_enabled_at = now() WHERE uuid = $1`, [link.uuid]);
    const res = await useLink({ token: link.token, uuid: link.uuid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'MFA required', isMfaRequired: true, authentication: { firstFactor: { strategy: 'link', channel: 'email' } } });
    expect(res.cookies).toHaveLength(0);
  });

  it.each([
    [{ uuid: '00000000-0000-4000-8000-000000000000' }, 400, 'body.token: Required'],
    [{ token: 'abc' }, 400, 'body.uuid: Required'],
    [{ token: 'made-up', uuid: '00000000-0000-4000-8000-000000000000' }, 401, invalid.message],
    [{ token: 'made-up', uuid: 'not-a-uuid' }, 401, invalid.message],
  ])('answers %j with %i', async (body, status, message) => {
    const res = await useLink(body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});
