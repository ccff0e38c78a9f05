import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMe } from '@app/contracts/user-me';
import { queryCounter } from '../helpers/query-count';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, signUp } from '../identity/helpers';

let t: TestApp;
let queriesOf: ReturnType<typeof queryCounter>;

beforeAll(async () => {
  // No job workers: the statements a request sends are the only ones on the pool while it runs.
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000', TENANTS: 'demo=localhost,eagles=eagles.test', WORKERS: '0' });
  queriesOf = queryCounter(t.runtime.db.$client);
});
afterAll(async () => {
  await t.close();
});

async function person(username: string, tenant = 'demo', host?: string) {
  const res = await signUp(t, { email: `${username}@example.com`, username, name: `${username} Person` }, tenant, host);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  return bearer(res.json().tokens.access.value as string);
}

const me = (headers: Record<string, string>, host?: string) => t.app.inject({ url: '/api/user/me', headers: { ...headers, ...(host && { host }) } });
const post = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/user/me', headers, payload: payload as object });
const put = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/user/me', headers, payload: payload as object });
const rowCount = async (where: string, params: unknown[]) =>
  (await t.runtime.db.$client.query(`SELECT count(*)::int AS n FROM users WHERE ${where}`, params)).rows[0].n as number;

describe('GET /api/user/me', () => {
  it('needs a valid token', async () => {
    expect((await t.app.inject('/api/user/me')).statusCode).toBe(401);
    expect((await me({ authorization: 'Bearer forged.token.value' })).statusCode).toBe(401);
  });

  it('creates the record from the sign-in profile the first time, once', async () => {
    const h = await person('firstvisit');
    const [a, b] = await Promise.all([me(h), me(h)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const body = userMe.parse(a.json());
    expect(body).toMatchObject({ username: 'firstvisit', email: 'firstvisit@example.com', name: 'firstvisit Person', type: null });
    expect(body.userId).toEqual(expect.any(Number));
    expect(await rowCount('username = $1', ['firstvisit'])).toBe(1);
  });

  it('refuses the token of an ended session on the next request (no cached liveness)', async () => {
    const h = await person('loggedout');
    expect((await me(h)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v0/auth/logout', headers: h })).statusCode).toBeLessThan(300);
    const after = await me(h);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has ended. Please sign in again.');
  });

  it('signs in and answers the record with its ready images in one statement', async () => {
    const h = await person('onequery');
    await post(h, { username: 'onequery', type: 'athlete' });
    const [user] = (await t.runtime.db.$client.query(`SELECT id FROM users WHERE username = 'onequery'`)).rows as { id: number }[];
    for (const tag of ['avatar', 'hero', 'logo']) {
      await t.runtime.db.$client.query(
        `INSERT INTO user_images (id, tenant_id, user_id, tag, status, original_key, variants) VALUES (gen_random_uuid(), 'demo', $1, $2, 'ready', 'x', '[]')`,
        [user!.id, tag],
      );
    }
    const { result, queries } = await queriesOf(() => me(h));
    expect(result.json().images.map((image: { tag: string }) => image.tag)).toEqual(['hero', 'avatar']);
    expect(queries).toHaveLength(1);
  });

  it('refuses a token of another tenant on this host', async () => {
    const h = await person('eaglesfan', 'eagles', 'eagles.test');
    expect((await me(h)).statusCode).toBe(401);
    expect((await me(h, 'eagles.test')).statusCode).toBe(200);
  });
});

describe('POST /api/user/me (registration)', () => {
  it('sets type, names and affiliate; updatedAt starts the trial clock', async () => {
    const h = await person('coachreg');
    const before = Date.now();
    const res = await post(h, { username: 'coachreg', type: 'team', firstname: 'Casey', lastname: 'Coach', affiliate: 'partner1' });
    expect(res.statusCode).toBe(200);
    const body = userMe.parse(res.json());
    expect(body).toMatchObject({ username: 'coachreg', type: 'team', firstname: 'Casey', lastname: 'Coach', name: 'Casey Coach', affiliate: 'partner1' });
    expect(Date.parse(body.updatedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const usage = await t.app.inject({ url: '/api/user/usage', headers: h });
    expect(usage.json()).toEqual({ items: [], subscription: null });
  });

  it('answers 409 "Username already exists" for a taken username in any case, and changes nothing', async () => {
    await post(await person('takenname'), { username: 'takenname', type: 'fan' });
    const h = await person('latecomer');
    const res = await post(h, { username: 'TakenName', type: 'athlete' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username already exists');
    expect(await rowCount(`lower(username) = 'takenname'`, [])).toBe(1);
    expect(await rowCount(`username = 'latecomer'`, [])).toBe(0);
  });

  it('allows the same username in another tenant', async () => {
    await post(await person('shared1'), { username: 'sharedname' });
    const h = await person('shared2', 'eagles', 'eagles.test');
    const res = await t.app.inject({ method: 'POST', url: '/api/user/me', headers: { ...h, host: 'eagles.test' }, payload: { username: 'sharedname' } });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{ username: 'ab' }, 'Name must be at least 3 characters'],
    [{ username: 'bad name!' }, 'Username can only contain alphanumeric characters, dashes, underscores, and plus signs'],
    [{ username: 'okname', firstname: 'A' }, 'Name must be at least 2 characters'],
    [{ username: 'okname', type: 'admin' }, "Invalid enum value. Expected 'team' | 'athlete' | 'fan', received 'admin'"],
    [{ username: 42 }, 'Expected string, received number'],
    [{}, 'Required'],
    [{ username: 'okname', isAdmin: true }, "Unrecognized key(s) in object: 'isAdmin'"],
  ])('rejects %j with the message %s', async (payload, message) => {
    const h = await person(`val${Math.random().toString(36).slice(2, 8)}`);
    const res = await post(h, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it.each([
    '/v0/auth/logout',
    'https://evil.example@localhost/v0/auth/logout',
    'http://images.example.com/me.png',
    'javascript:alert(1)',
    '//evil.example/storage/x.png',
    '/storage/../v0/auth/logout',
    '/storage/%2e%2e/v0/auth/logout',
    'data:image/png;base64,AAAA',
  ])('refuses the image %s with 400 and keeps the old one', async (image) => {
    const h = await person(`img${Math.random().toString(36).slice(2, 8)}`);
    const res = await post(h, { username: `u${Math.random().toString(36).slice(2, 8)}`, image });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('The image must be an https:// address or an image uploaded here.');
    expect((await me(h)).json().image).toBeNull();
  });

  it.each(['https://images.example.com/me.png?size=64', '/storage/demo/images/0b6e/me.png'])('accepts the image %s', async (image) => {
    const h = await person(`img${Math.random().toString(36).slice(2, 8)}`);
    const res = await post(h, { username: `u${Math.random().toString(36).slice(2, 8)}`, image });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().image).toBe(image);
  });

  it('rejects malformed JSON with a clear message', async () => {
    const h = await person('badjson');
    const res = await t.app.inject({ method: 'POST', url: '/api/user/me', headers: { ...h, 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/i);
  });

  it('keeps the verified sign-in e-mail over a posted one', async () => {
    const h = await person('emailkeeper');
    const res = await post(h, { username: 'emailkeeper', email: 'someone-else@example.com' });
    expect(res.json().email).toBe('emailkeeper@example.com');
  });
});

describe('PUT /api/user/me (profile)', () => {
  it('stores profile fields and returns them flattened, without moving the trial clock', async () => {
    const h = await person('profiler');
    const registered = userMe.parse((await post(h, { username: 'profiler', type: 'athlete' })).json());
    const res = await put(h, { jersey: '23', sport: 'Ice Hockey', sportPosition: 'Goalie', birthdate: '2008-04-01', city: 'Oslo', instagram: '@pro' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ jersey: 23, sport: 'Ice Hockey', sportPosition: 'Goalie', birthdate: '2008-04-01', city: 'Oslo', instagram: '@pro' });
    expect(res.json().updatedAt).toBe(registered.updatedAt);
    const cleared = await put(h, { city: '' });
    expect(cleared.json().city).toBeUndefined();
    expect(cleared.json().sport).toBe('Ice Hockey');
  });

  it('never changes the e-mail', async () => {
    const h = await person('fixedmail');
    const res = await put(h, { email: 'new@example.com', name: 'Fixed Mail' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'fixedmail@example.com', name: 'Fixed Mail' });
  });

  it.each([
    [{ jersey: 0 }, 'Jersey must be a number'],
    [{ jersey: 'ten' }, 'Jersey must be a number'],
    [{ birthdate: 'yesterday' }, 'Birthdate must be a date'],
    [{ name: '' }, 'Name is required'],
    [{ teamAvatar: '/api/user/me' }, 'The image must be an https:// address or an image uploaded here.'],
    [{}, 'A user update needs at least one property'],
  ])('rejects %j with %s', async (payload, message) => {
    const h = await person(`put${Math.random().toString(36).slice(2, 8)}`);
    const res = await put(h, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 409 when renaming to a taken username', async () => {
    await post(await person('holder'), { username: 'holder' });
    const h = await person('renamer');
    const res = await put(h, { username: 'HOLDER' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username already exists');
    expect((await me(h)).json().username).toBe('renamer');
  });
});
