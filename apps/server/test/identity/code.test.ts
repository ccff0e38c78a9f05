import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, cookiesOf, decode, signIn, signUp } from './helpers';
import { codeIn, passwordlessApp, publicShape, type PasswordlessApp } from './passwordless-helpers';

let t: PasswordlessApp;
beforeAll(async () => {
  t = await passwordlessApp();
});
afterAll(() => t.close());

const requestCode = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/code', payload: body, headers });
const verifyCode = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/v0/tenants/demo/auth/code', payload: body, headers });

const wrong = { statusCode: 401, code: 'UNAUTHORIZED', error: 'Unauthorized', message: 'Incorrect or expired code' };
const otherCode = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

async function mailedCode(email: string) {
  const res = await requestCode({ channel: 'email', email });
  expect(res.statusCode).toBe(200);
  return codeIn((await t.sent(email))[0]);
}

describe('verification codes as a first factor', () => {
  it('mails a 6-digit code (stored hashed) that signs in once and confirms the email', async () => {
    await signUp(t, { email: 'coder@example.com' });
    const res = await requestCode({ channel: 'email', email: 'Coder@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'OK', result: { email: 'Coder@Example.com' } });
    expect(Object.keys(res.json().result).sort()).toEqual(['email', 'messageId', 'submittedAt']);
    const mails = await t.sent('coder@example.com');
    expect(mails[0]).toMatchObject({ template: 'verification-code' });
    const code = codeIn(mails[0]);
    const rows = await t.sql<{ token_hash: string }>(`SELECT token_hash FROM identity_one_time_tokens WHERE purpose = 'code'`);
    expect(rows.map((r) => r.token_hash)).not.toContain(code);

    const ok = await verifyCode({ channel: 'email', email: 'coder@example.com', verificationCode: code });
    expect(ok.statusCode).toBe(200);
    expect(decode(ok.json().tokens.access.value)).toMatchObject({ isEmailConfirmed: true });
    expect(cookiesOf(ok)['refresh.demo']).toBeDefined();

    const again = await verifyCode({ channel: 'email', email: 'coder@example.com', verificationCode: code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(wrong);
  });

  it('kills a code after 5 wrong attempts', async () => {
    await signUp(t, { email: 'guesser@example.com' });
    const code = await mailedCode('guesser@example.com');
    for (let i = 0; i < 5; i++) {
      const res = await verifyCode({ channel: 'email', email: 'guesser@example.com', verificationCode: otherCode(code) });
      expect(res.json()).toEqual(wrong);
    }
    const late = await verifyCode({ channel: 'email', email: 'guesser@example.com', verificationCode: code });
    expect(late.statusCode).toBe(401);
    const [row] = await t.sql(`SELECT attempts, used_at IS NOT NULL AS dead FROM identity_one_time_tokens WHERE purpose = 'code' AND meta->>'address' = 'guesser@example.com'`);
    expect(row).toEqual({ attempts: 5, dead: true });
  });

  it('a wrong guess or two still lets the right code through', async () => {
    await signUp(t, { email: 'typo@example.com' });
    const code = await mailedCode('typo@example.com');
    expect((await verifyCode({ channel: 'email', email: 'typo@example.com', verificationCode: otherCode(code) })).statusCode).toBe(401);
    expect((await verifyCode({ channel: 'email', email: 'typo@example.com', verificationCode: code })).statusCode).toBe(200);
  });

  it('binds the code to the address that asked for it', async () => {
    await signUp(t, { email: 'a@x.example.com' });
    await signUp(t, { email: 'b@x.example.com' });
    const code = await mailedCode('a@x.example.com');
    const res = await verifyCode({ channel: 'email', email: 'b@x.example.com', verificationCode: code });
    expect(res.json()).toEqual(wrong);
    expect((await verifyCode({ channel: 'email', email: 'a@x.example.com', verificationCode: code })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    await signUp(t, { email: 'slow@example.com' });
    const code = await mailedCode('slow@example.com');
    await t.sql(`UPDATE identity_one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'code' AND meta->>'address' = 'slow@example.com'`);
    expect((await verifyCode({ channel: 'email', email: 'slow@example.com', verificationCode: code })).json()).toEqual(wrong);
  });

  it('only the newest code works', async () => {
    await signUp(t, { email: 'newest@example.com' });
    const first = await mailedCode('newest@example.com');
    const second = await mailedCode('newest@example.com');
    if (first !== second) expect((await verifyCode({ channel: 'email', email: 'newest@example.com', verificationCode: first })).statusCode).toBe(401);
    expect((await verifyCode({ channel: 'email', email: 'newest@example.com', verificationCode: second })).statusCode).toBe(200);
  });

  it('sends codes by SMS to a phone number and confirms it', async () => {
    await signUp(t, { email: 'phone@example.com' });
    await t.sql(`UPDATE identity_users SET phone_number = '+15551234567' WHERE email = 'phone@example.com'`);
    const res = await requestCode({ channel: 'sms', phoneNumber: '+15551234567' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'OK', result: { phoneNumber: '+15551234567' } });
    const [sms] = await t.sent('+15551234567');
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.text).toContain('@teams.example.com #');
    const code = codeIn(sms);
    // The code is bound to the channel too.
    expect((await verifyCode({ channel: 'email', email: 'phone@example.com', verificationCode: code })).statusCode).toBe(401);
    const ok = await verifyCode({ channel: 'sms', phoneNumber: '+15551234567', verificationCode: code });
    expect(ok.statusCode).toBe(200);
    const [user] = await t.sql(`SELECT is_phone_number_confirmed FROM identity_users WHERE email = 'phone@example.com'`);
    expect(user).toEqual({ is_phone_number_confirmed: true });
  });

  it('answers existing and unknown addresses the same way and sends nothing to unknown ones', async () => {
    await signUp(t, { email: 'known@example.com' });
    const known = await requestCode({ channel: 'email', email: 'known@example.com' });
    const unknown = await requestCode({ channel: 'email', email: 'unknown@example.com' });
    expect(publicShape(known)).toEqual(publicShape(unknown));
    expect(await t.sent('unknown@example.com')).toHaveLength(0);
    const unknownPhone = await requestCode({ channel: 'sms', phoneNumber: '+15550000000' });
    expect(publicShape(unknownPhone)).toEqual({ ...publicShape(known), resultKeys: ['messageId', 'phoneNumber', 'submittedAt'] });
    expect(await t.sent('+15550000000')).toHaveLength(0);
    // No code of an unknown address ever signs in.
    expect((await verifyCode({ channel: 'email', email: 'unknown@example.com', verificationCode: '123456' })).json()).toEqual(wrong);
  });

  it('sends at most 3 codes per address per 15 minutes', async () => {
    await signUp(t, { email: 'bombed@example.com' });
    for (let i = 0; i < 4; i++) expect((await requestCode({ channel: 'email', email: 'bombed@example.com' })).statusCode).toBe(200);
    expect(await t.sent('bombed@example.com')).toHaveLength(3);
  });

  it.each([
    [{ channel: 'fax', email: 'a@example.com' }, 'body.channel: Invalid channel'],
    [{ email: 'a@example.com' }, 'body.channel: Invalid channel'],
    [{ channel: 'email' }, 'body.email: Required for the email channel'],
    [{ channel: 'email', phoneNumber: '+15551234567' }, 'body.email: Required for the email channel'],
    [{ channel: 'sms', email: 'a@example.com' }, 'body.phoneNumber: Required for the sms channel'],
    [{ channel: 'sms', phoneNumber: '5551234' }, 'body.phoneNumber: Phone number must be in international format, e.g. +15551234567'],
    [{ channel: 'email', email: 'nope' }, 'body.email: Invalid email'],
  ])('POST refuses %j with 400', async (body, message) => {
    const res = await requestCode(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });
  });

  it.each([
    [{ channel: 'email', email: 'a@example.com' }, 'body.verificationCode: Required'],
    [{ channel: 'email', email: 'a@example.com', verificationCode: '12345' }, 'body.verificationCode: Verification code must be 6 digits'],
    [{ channel: 'email', verificationCode: '123456' }, 'body.email: Required for the email channel'],
    [{ channel: 'sms', verificationCode: '123456' }, 'body.phoneNumber: Required for the sms channel'],
    [{ channel: 'pigeon', verificationCode: '123456' }, 'body.channel: Invalid channel'],
  ])('PUT refuses %j with 400', async (body, message) => {
    const res = await verifyCode(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('verification codes as a second factor', () => {
  async function mfaUser(email: string) {
    await signUp(t, { email });
    await t.sql(`UPDATE identity_users SET totp_enabled_at = now() WHERE email = $1`, [email]);
    const res = await signIn(t, email);
    expect(res.json()).toMatchObject({ message: 'MFA required', isMfaRequired: true });
    return res.json().firstFactorToken as string;
  }

  it("mails the code to the pending user's own email and finishes the sign-in once", async () => {
    const token = await mfaUser('mfa@example.com');
    const asked = await requestCode({ channel: 'email', email: 'attacker@example.com' }, bearer(token));
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ message: 'OK', result: { email: 'mfa@example.com' } });
    expect(await t.sent('attacker@example.com')).toHaveLength(0);
    const code = codeIn((await t.sent('mfa@example.com'))[0]);

    // A second-factor code is no first factor.
    expect((await verifyCode({ channel: 'email', email: 'mfa@example.com', verificationCode: code })).statusCode).toBe(401);

    const done = await verifyCode({ channel: 'email', verificationCode: code }, bearer(token));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: 'OK', tokens: { access: {}, refresh: {} } });
    expect(cookiesOf(done)['refresh.demo']).toBeDefined();

    const twice = await verifyCode({ channel: 'email', verificationCode: code }, bearer(token));
    expect(twice.statusCode).toBe(401);
    // The spent first-factor token cannot ask for another code either.
    expect((await requestCode({ channel: 'email' }, bearer(token))).statusCode).toBe(401);
  });

  it('binds the code to that first-factor token', async () => {
    const first = await mfaUser('mfa2@example.com');
    await requestCode({ channel: 'email' }, bearer(first));
    const code = codeIn((await t.sent('mfa2@example.com'))[0]);
    const second = (await signIn(t, 'mfa2@example.com')).json().firstFactorToken as string;
    expect((await verifyCode({ channel: 'email', verificationCode: code }, bearer(second))).json()).toEqual(wrong);
    expect((await verifyCode({ channel: 'email', verificationCode: otherCode(code) }, bearer(first))).json()).toEqual(wrong);
    expect((await verifyCode({ channel: 'email', verificationCode: code }, bearer(first))).statusCode).toBe(200);
  });

  it('refuses a made-up first-factor token', async () => {
    const res = await verifyCode({ channel: 'email', verificationCode: '123456' }, bearer('not.a.token'));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your sign-in attempt has expired. Please sign in again.');
  });
});
