import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, cookiesOf, decode, signIn, signUp } from './helpers';
import { linkIn, passwordlessApp, type PasswordlessApp } from './passwordless-helpers';

let t: PasswordlessApp;
beforeAll(async () => {
  t = await passwordlessApp();
});
afterAll(() => t.close());

/** `{ a: { a: ... { a: 1 } } }`, `levels` objects deep, built without recursion. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { a: 1 };
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

const validation = (message: string) => ({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });
const tooDeep = validation('body: Nested too deeply (at most 32 levels)');
const requestLink = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/link', payload: body });
const putSelf = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/v0/self', headers: bearer(token), payload });

async function signedUp(email: string) {
  const res = await signUp(t, { email });
  expect(res.statusCode).toBe(201);
  return res.json().tokens.access.value as string;
}

describe('deeply nested data', () => {
  it('is refused on PUT /v0/self, and the account still signs in', async () => {
    const access = await signedUp('deep-self@example.com');
    const res = await putSelf(access, { data: nested(3000) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(tooDeep);
    const six = await putSelf(access, { data: nested(6) });
    expect(six.json()).toEqual(validation('body.data: May nest at most 5 levels'));
    expect((await putSelf(access, { data: nested(5) })).statusCode).toBe(200);
    expect((await signIn(t, 'deep-self@example.com')).statusCode).toBe(200);
  });

  it('is refused on sign-up and on a link request, which leave no account behind', async () => {
    for (const res of [await signUp(t, { email: 'deep-up@example.com', data: nested(3000) }), await requestLink({ email: 'deep-up@example.com', data: nested(3000) })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(tooDeep);
    }
    expect(await t.sql(`SELECT id FROM identity_users WHERE email = 'deep-up@example.com'`)).toEqual([]);
    expect((await signUp(t, { email: 'deep-up@example.com' })).statusCode).toBe(201);
  });

  it('is refused in any JSON body, not only in data', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/basic', payload: { emailOrUsername: 'x', password: 'y', options: nested(40) } });
    expect(res.json()).toEqual(tooDeep);
  });
});

describe('a link request for someone else', () => {
  it('cannot set the data of a new address: it reaches the account only when the owner opens the link', async () => {
    const victim = 'victim@example.com';
    expect((await requestLink({ email: victim, name: 'Mallory', username: 'mallory', data: { role: 'admin' } })).statusCode).toBe(200);
    expect(await t.sql(`SELECT name, username, data FROM identity_users WHERE email = $1`, [victim])).toEqual([{ name: null, username: null, data: {} }]);

    // The victim asks for a link of their own (the newest one counts) and signs in with it.
    expect((await requestLink({ email: victim, name: 'Vic', data: { team: 'Hawks' } })).statusCode).toBe(200);
    const link = linkIn((await t.sent(victim))[0]);
    const res = await t.app.inject({ method: 'PUT', url: '/v0/tenants/demo/auth/link', payload: { token: link.token, uuid: link.uuid } });
    expect(res.statusCode).toBe(200);
    expect(decode(res.json().tokens.id.value)).toMatchObject({ name: 'Vic', data: { team: 'Hawks' }, isEmailConfirmed: true });
  });

  it('cannot change the data of an existing account', async () => {
    const access = await signedUp('existing@example.com');
    await putSelf(access, { data: { team: 'Eagles' } });
    expect((await requestLink({ email: 'existing@example.com', name: 'Mallory', data: { team: 'Mallory' } })).statusCode).toBe(200);
    const link = linkIn((await t.sent('existing@example.com'))[0]);
    await t.app.inject({ method: 'PUT', url: '/v0/tenants/demo/auth/link', payload: { token: link.token, uuid: link.uuid } });
    expect(await t.sql(`SELECT name, data FROM identity_users WHERE email = 'existing@example.com'`)).toEqual([{ name: null, data: { team: 'Eagles' } }]);
  });
});

describe('the size of data', () => {
  const kb = (n: number) => 'x'.repeat(n);

  it('is at most 1 KB per update and in total, so repeated updates cannot grow it', async () => {
    const access = await signedUp('grow@example.com');
    const big = await putSelf(access, { data: { blob: kb(900 * 1024) } });
    expect(big.json()).toEqual(validation('body.data: Must be at most 1024 bytes as JSON'));
    expect((await putSelf(access, { data: { a: kb(600) } })).statusCode).toBe(200);
    const second = await putSelf(access, { data: { b: kb(600) } });
    expect(second.json()).toEqual(validation('body.data: Must be at most 1024 bytes as JSON'));
    expect(await t.sql(`SELECT data FROM identity_users WHERE email = 'grow@example.com'`)).toEqual([{ data: { a: kb(600) } }]);
  });

  it('keeps the id cookie under the 4096 bytes browsers store, with the most data allowed', async () => {
    const data = { notes: kb(1024 - '{"notes":""}'.length) };
    const res = await signUp(t, { email: 'full-data-with-a-long-address@example.com', username: 'full_data_user_name', name: 'A Rather Long Display Name For Someone', data });
    expect(res.statusCode).toBe(201);
    const id = cookiesOf(res)['id.demo']!;
    expect(decode(id.value)).toMatchObject({ data });
    expect(`id.demo=${id.value}`.length).toBeLessThan(4096);
  });

  it('stored before the cap, stays out of the id token (the whole of it is still on /v0/self)', async () => {
    const access = await signedUp('legacy@example.com');
    await t.sql(`UPDATE identity_users SET data = $1 WHERE email = 'legacy@example.com'`, [JSON.stringify({ blob: kb(7 * 1024 * 1024) })]);
    const res = await signIn(t, 'legacy@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(8 * 1024);
    expect(decode(res.json().tokens.id.value)).toMatchObject({ data: {} });
    expect((await t.app.inject({ url: '/v0/self', headers: bearer(access) })).json().data.blob).toHaveLength(7 * 1024 * 1024);
  });
});
