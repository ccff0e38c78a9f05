import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config-error';
import { loadSocialProviders } from '../../src/config/social-providers';
import { enabledSocialFactors } from '../../src/modules/identity/social/enabled-factors';
import { facebookProfile, githubProfile, oidcProfile } from '../../src/modules/identity/social/profiles';
import { allowedOriginsOf, safeRedirectPath } from '../../src/modules/identity/social/redirects';
import { browserFetch, CookieJar, signInAtProvider, startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from './helpers';

/** A port nobody listens on right now, so the app's URL is known before the provider is configured. */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

let t: TestApp;
let op: TestOidcProvider;
let base: string;
/** The web app's origin: a configured tenant host (http, same port as PUBLIC_URL). */
let appOrigin: string;

const accounts = {
  alice: { email: 'Alice@Example.com', email_verified: true, name: 'Alice Example', picture: 'https://img.example/alice.png' },
  bob: { email: 'bob@example.com', email_verified: true, name: 'Bob Social' },
  carol: { email: 'carol@example.com', email_verified: true, name: 'Carol Social' },
  dave: { email: 'dave@example.com', email_verified: true, name: 'Dave' },
  erin: { email: 'erin@example.com', email_verified: true, name: 'Erin' },
  olga: { email: 'olga@example.com', email_verified: true, name: 'Olga Okta' },
  mallory: { email: 'mallory@example.com', email_verified: false, name: 'Mallory' },
};

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  appOrigin = `http://eagles.test:${port}`;
  op = await startOidcProvider({
    clientId: 'teamfilm',
    clientSecret: 'teamfilm-secret',
    redirectUris: [`${base}/v0/tenants/demo/auth/custom/callback`, `${base}/v0/tenants/demo/auth/okta/callback`],
    accounts,
  });
  // Configured exactly as an operator would, through the environment.
  t = await createTestApp({
    AUTH_RATE_LIMIT: '1000',
    PUBLIC_URL: base,
    TENANTS: 'demo=localhost,eagles=eagles.test',
    CUSTOM_CLIENT_ID: 'teamfilm',
    CUSTOM_CLIENT_SECRET: 'teamfilm-secret',
    CUSTOM_OIDC_ISSUER: op.issuer,
    CUSTOM_OIDC_PROVIDER_ID: 'acme',
    OKTA_CLIENT_ID: 'teamfilm',
    OKTA_CLIENT_SECRET: 'teamfilm-secret',
    OKTA_ISSUER: op.issuer,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

function loginUrl(query: Record<string, string>, provider = 'custom', tenant = 'demo'): string {
  return `${base}/v0/tenants/${tenant}/auth/${provider}/login?${new URLSearchParams(query)}`;
}

/** Our login redirect, the provider's login + consent: returns the callback URL the provider sends the browser to. */
async function toCallback(jar: CookieJar, login: string, query: Record<string, string> = {}, provider = 'custom'): Promise<string> {
  const defaults: Record<string, string> = provider === 'custom' ? { provider_id: 'acme' } : {};
  const res = await browserFetch(jar, loginUrl({ origin: appOrigin, redirect: '/teams/1', ...defaults, ...query }, provider));
  expect(res.status).toBe(302);
  const callback = await signInAtProvider(jar, res.headers.get('location')!, op.issuer, login);
  expect(callback.startsWith(`${base}/v0/tenants/demo/auth/${provider}/callback?`)).toBe(true);
  return callback;
}

async function fullFlow(login: string, query: Record<string, string> = {}, provider = 'custom') {
  const jar = new CookieJar();
  const callback = await toCallback(jar, login, query, provider);
  const res = await browserFetch(jar, callback);
  expect(res.status).toBe(302);
  return { location: new URL(res.headers.get('location')!), callback, jar };
}

function expectError(location: URL, code: string, origin = base) {
  expect(location.origin + location.pathname).toBe(`${origin}/login`);
  expect(location.searchParams.get('error')).toBe(code);
  expect(location.searchParams.get('message')).toMatch(/\w+ \w+/);
  expect(location.searchParams.has('token')).toBe(false);
}

describe('GET /v0/tenants/{t}/auth/{provider}/login', () => {
  it('redirects to the provider with PKCE S256, state and nonce, and binds the state to the browser', async () => {
    const jar = new CookieJar();
    const res = await browserFetch(jar, loginUrl({ origin: appOrigin, redirect: '/x', provider_id: 'acme' }));
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe(op.issuer);
    expect(to.searchParams.get('client_id')).toBe('teamfilm');
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('redirect_uri')).toBe(`${base}/v0/tenants/demo/auth/custom/callback`);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('scope')).toBe('openid email profile');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('oauth_state.demo='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/v0\/tenants\/demo\/auth(;|$)/);
    expect(cookie).toMatch(/Max-Age=600/);
    // The cookie holds a binding secret, not the state itself.
    expect(cookie).not.toContain(to.searchParams.get('state')!);
  });

  it.each([
    ['missing', {}],
    ['foreign', { origin: 'https://evil.example' }],
    ['look-alike', { origin: `${appOrigin}.evil.example` }],
    ['with a path', { origin: `${appOrigin}/login` }],
  ])('refuses a %s origin with 400', async (_label, query) => {
    const res = await t.app.inject({ url: loginUrl({ provider_id: 'acme', ...query }).slice(base.length) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid origin');
  });

  it('accepts PUBLIC_URL itself as origin', async () => {
    const res = await t.app.inject({ url: loginUrl({ provider_id: 'acme', origin: base }).slice(base.length) });
    expect(res.statusCode).toBe(302);
  });

  it.each(['myspace', 'google', 'github'])('answers 404 Missing provider for %s (unknown or not enabled)', async (provider) => {
    const res = await t.app.inject({ url: loginUrl({ origin: appOrigin }, provider).slice(base.length) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Missing provider');
  });

  it.each<Record<string, string>>([{}, { provider_id: 'other' }])('answers 400 Missing providerId for custom with %j', async (query) => {
    const res = await t.app.inject({ url: loginUrl({ origin: appOrigin, ...query }).slice(base.length) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing providerId');
  });

  it('answers 404 for an unknown tenant', async () => {
    const res = await t.app.inject({ url: loginUrl({ origin: appOrigin, provider_id: 'acme' }, 'custom', 'nope').slice(base.length) });
    expect(res.statusCode).toBe(404);
  });
});

describe('the round trip through a real OpenID provider', () => {
  it('creates the user from verified claims and redirects to origin/login with a link sign-in', async () => {
    const { location } = await fullFlow('alice');
    expect(location.origin + location.pathname).toBe(`${appOrigin}/login`);
    expect(location.searchParams.get('redirect')).toBe('/teams/1');
    const token = location.searchParams.get('token')!;
    const uuid = location.searchParams.get('uuid')!;
    expect(token).toMatch(/^[\w-]{43}$/);

    const user = await t.runtime.identity.accounts.findByUuid('demo', uuid);
    expect(user).toMatchObject({ email: 'alice@example.com', name: 'Alice Example', image: 'https://img.example/alice.png', isEmailConfirmed: true, passwordHash: null });
    expect(user!.confirmedEmailAt).toBeInstanceOf(Date);

    // The link signs in exactly once.
    const link = await t.runtime.identity.oneTime.consume({ tenantId: 'demo', purpose: 'link', secret: token });
    expect(link?.userId).toBe(user!.id);
    expect(link!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(link!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(await t.runtime.identity.oneTime.consume({ tenantId: 'demo', purpose: 'link', secret: token })).toBeUndefined();
  });

  it('signs in the same account again (no duplicate)', async () => {
    const first = await fullFlow('alice');
    const second = await fullFlow('alice');
    expect(second.location.searchParams.get('uuid')).toBe(first.location.searchParams.get('uuid'));
  });

  it('reuses an existing password account: confirms the email and drops the unverified password', async () => {
    const created = await signUp(t, { email: 'bob@example.com', name: 'Bob Password' });
    expect(created.statusCode).toBe(201);
    const before = await t.runtime.identity.accounts.findByEmail('demo', 'bob@example.com');
    expect(before).toMatchObject({ isEmailConfirmed: false });
    expect(before!.passwordHash).toBeTruthy();

    const { location } = await fullFlow('bob');
    expect(location.searchParams.get('uuid')).toBe(before!.uuid);
    const after = await t.runtime.identity.accounts.findByEmail('demo', 'bob@example.com');
    // Whoever set that password never proved they own the address (account pre-hijacking).
    expect(after).toMatchObject({ id: before!.id, name: 'Bob Password', isEmailConfirmed: true, passwordHash: null });
  });

  it('keeps a confirmed account as it is, filling in a missing name', async () => {
    const existing = await t.runtime.identity.accounts.importAccount({ tenantId: 'demo', email: 'carol@example.com', passwordHash: 'kept', isEmailConfirmed: true });
    if ('taken' in existing) throw new Error(`carol's account was not created: ${existing.taken} taken`);
    const { location } = await fullFlow('carol');
    expect(location.searchParams.get('uuid')).toBe(existing.uuid);
    const after = await t.runtime.identity.accounts.findById('demo', existing.id);
    expect(after).toMatchObject({ passwordHash: 'kept', name: 'Carol Social', isEmailConfirmed: true });
  });

  it('works the same through a named OIDC provider (okta)', async () => {
    const { location } = await fullFlow('olga', {}, 'okta');
    expect(location.origin + location.pathname).toBe(`${appOrigin}/login`);
    const user = await t.runtime.identity.accounts.findByUuid('demo', location.searchParams.get('uuid')!);
    expect(user).toMatchObject({ email: 'olga@example.com', name: 'Olga Okta', isEmailConfirmed: true });
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/x', 'teams'])('ignores redirect=%s and uses /', async (redirect) => {
    const { location } = await fullFlow('dave', { redirect });
    expect(location.origin).toBe(appOrigin);
    expect(location.searchParams.get('redirect')).toBe('/');
  });

  it('refuses an unverified email and creates no account', async () => {
    const { location } = await fullFlow('mallory');
    expectError(location, 'email_not_verified', appOrigin);
    expect(await t.runtime.identity.accounts.findByEmail('demo', 'mallory@example.com')).toBeUndefined();
  });
});

describe('callback state checks', () => {
  it('fails a replayed callback (same state twice)', async () => {
    const jar = new CookieJar();
    const callback = await toCallback(jar, 'erin');
    const binding = jar.get(base, 'oauth_state.demo')!;
    const first = await browserFetch(jar, callback);
    expect(new URL(first.headers.get('location')!).searchParams.has('token')).toBe(true);
    // The cookie is cleared by the first callback; replay it with the cookie put back.
    expect(jar.get(base, 'oauth_state.demo')).toBeUndefined();
    jar.set(base, 'oauth_state.demo', binding);
    const replay = await browserFetch(jar, callback);
    expect(replay.status).toBe(302);
    expectError(new URL(replay.headers.get('location')!), 'invalid_state');
  });

  it("fails a callback carrying someone else's state", async () => {
    const victim = new CookieJar();
    const attacker = new CookieJar();
    await browserFetch(victim, loginUrl({ origin: appOrigin, provider_id: 'acme' }));
    // The attacker's own completed authorization, delivered into the victim's browser (login CSRF).
    const attackersCallback = await toCallback(attacker, 'erin');
    const res = await browserFetch(victim, attackersCallback);
    expectError(new URL(res.headers.get('location')!), 'invalid_state');
  });

  it('fails a callback without the state cookie', async () => {
    const jar = new CookieJar();
    const callback = await toCallback(jar, 'erin');
    const res = await browserFetch(new CookieJar(), callback);
    expectError(new URL(res.headers.get('location')!), 'invalid_state');
  });

  it.each([
    ['no state', ''],
    ['an unknown state', '?code=x&state=not-a-state'],
  ])('fails a callback with %s', async (_label, query) => {
    const res = await t.app.inject({ url: `/v0/tenants/demo/auth/custom/callback${query}`, cookies: { 'oauth_state.demo': 'whatever' } });
    expect(res.statusCode).toBe(302);
    expectError(new URL(res.headers.location as string), 'invalid_state');
    expect(res.body).not.toMatch(/at \w+ \(/);
  });

  it('reports access_denied from the provider back to the origin', async () => {
    const jar = new CookieJar();
    const res = await browserFetch(jar, loginUrl({ origin: appOrigin, provider_id: 'acme' }));
    const state = new URL(res.headers.get('location')!).searchParams.get('state')!;
    const cb = await browserFetch(jar, `${base}/v0/tenants/demo/auth/custom/callback?${new URLSearchParams({ error: 'access_denied', state })}`);
    expectError(new URL(cb.headers.get('location')!), 'access_denied', appOrigin);
  });

  it('fails a tampered code without leaking details', async () => {
    const jar = new CookieJar();
    const callback = new URL(await toCallback(jar, 'erin'));
    callback.searchParams.set('code', 'forged');
    const res = await browserFetch(jar, callback.href);
    expectError(new URL(res.headers.get('location')!), 'provider_error', appOrigin);
  });
});

describe('loadSocialProviders', () => {
  const pub = 'https://teams.example.com';

  it('enables providers with both client id and secret', () => {
    const p = loadSocialProviders(
      { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's', GITHUB_CLIENT_ID: 'gh', GITHUB_CLIENT_SECRET: 's', AZURE_CLIENT_ID: 'a', AZURE_CLIENT_SECRET: 's' },
      `${pub}/`,
    );
    expect(p.list.map((x) => x.name)).toEqual(['google', 'azure', 'github']);
    expect(p.get('google')).toMatchObject({ kind: 'oidc', issuer: 'https://accounts.google.com', clientId: 'g' });
    expect(p.get('azure')?.issuer).toBe('https://login.microsoftonline.com/common/v2.0');
    expect(p.get('github')).toMatchObject({ kind: 'oauth2', endpoints: { tokenEndpoint: 'https://github.com/login/oauth/access_token' } });
    expect(p.publicUrl).toBe(pub);
    expect(p.get('google')!.callbackPath('demo')).toBe('/v0/tenants/demo/auth/google/callback');
    expect(p.allowInsecureRequests).toBe(false);
    expect(enabledSocialFactors(p)).toEqual([
      { channel: 'email', strategy: 'google' },
      { channel: 'email', strategy: 'azure' },
      { channel: 'email', strategy: 'github' },
    ]);
  });

  it('accepts plain-http issuers only on this machine and never in production', () => {
    const env = (issuer: string) => ({ OKTA_CLIENT_ID: 'id', OKTA_CLIENT_SECRET: 'secret', OKTA_ISSUER: issuer });
    expect(loadSocialProviders(env('http://127.0.0.1:4000'), pub).allowInsecureRequests).toBe(true);
    expect(() => loadSocialProviders(env('http://idp.example.com'), pub)).toThrow("the okta issuer must use https (got 'http://idp.example.com')");
    expect(() => loadSocialProviders(env('http://localhost:4000'), pub, { production: true })).toThrow(/must use https/);
  });

  it('knows every provider issuer', () => {
    const env: Record<string, string> = { AZURE_TENANT: 'contoso.onmicrosoft.com', OKTA_ISSUER: 'https://dev-1.okta.com/oauth2/default', CUSTOM_OIDC_ISSUER: 'https://id.example.com', CUSTOM_OIDC_PROVIDER_ID: 'acme' };
    for (const prefix of ['GOOGLE', 'AZURE', 'OKTA', 'APPLE', 'GITHUB', 'FACEBOOK', 'LINKEDIN', 'CUSTOM']) {
      env[`${prefix}_CLIENT_ID`] = 'id';
      env[`${prefix}_CLIENT_SECRET`] = 'secret';
    }
    const p = loadSocialProviders(env, pub);
    expect(p.list).toHaveLength(8);
    expect(Object.fromEntries(p.list.map((x) => [x.name, x.issuer ?? x.endpoints?.authorizationEndpoint]))).toEqual({
      google: 'https://accounts.google.com',
      azure: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
      okta: 'https://dev-1.okta.com/oauth2/default',
      apple: 'https://appleid.apple.com',
      github: 'https://github.com/login/oauth/authorize',
      facebook: 'https://www.facebook.com/v19.0/dialog/oauth',
      linkedin: 'https://www.linkedin.com/oauth',
      custom: 'https://id.example.com',
    });
    expect(p.get('apple')?.responseMode).toBe('form_post');
    expect(p.get('custom')?.providerId).toBe('acme');
    expect(enabledSocialFactors(p).at(-1)).toEqual({ channel: 'email', strategy: 'custom', providerId: 'acme' });
  });

  it('enables nothing by default', () => {
    expect(loadSocialProviders({}, pub).list).toEqual([]);
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'g' }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must both be set/],
    [{ OKTA_CLIENT_ID: 'o', OKTA_CLIENT_SECRET: 's' }, /OKTA_ISSUER is required/],
    [{ CUSTOM_CLIENT_ID: 'c', CUSTOM_CLIENT_SECRET: 's', CUSTOM_OIDC_ISSUER: 'https://id.example.com' }, /CUSTOM_OIDC_PROVIDER_ID is required/],
    [{ CUSTOM_CLIENT_ID: 'c', CUSTOM_CLIENT_SECRET: 's', CUSTOM_OIDC_ISSUER: 'id.example.com', CUSTOM_OIDC_PROVIDER_ID: 'x' }, /must be an absolute URL/],
  ])('refuses half a configuration %j', (env, message) => {
    expect(() => loadSocialProviders(env, pub)).toThrow(ConfigError);
    expect(() => loadSocialProviders(env, pub)).toThrow(message);
  });
});

describe('origins and redirects', () => {
  it('allows PUBLIC_URL and the tenant hosts with its scheme and port', () => {
    expect(allowedOriginsOf({ publicUrl: 'https://teams.example.com', tenants: [{ id: 'demo', host: 'localhost' }, { id: 'eagles', host: 'eagles.example.com' }] })).toEqual([
      'https://teams.example.com',
      'https://localhost',
      'https://eagles.example.com',
    ]);
  });

  it.each([
    ['/teams/1?tab=a#b', '/teams/1?tab=a#b'],
    ['/', '/'],
    [undefined, '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/\tevil', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['teams', '/'],
  ])('safeRedirectPath(%j) is %j', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe('profile mapping', () => {
  it('maps OIDC claims with userinfo, Apple string booleans and Apple first-sign-in names', () => {
    expect(oidcProfile({ sub: '1', email: 'a@x.com', email_verified: false }, { email_verified: true, name: 'A', picture: 'p' })).toEqual({
      subject: '1',
      email: 'a@x.com',
      emailVerified: true,
      name: 'A',
      image: 'p',
    });
    expect(oidcProfile({ sub: '2', email: 'b@x.com', email_verified: 'true' }, undefined, { name: { firstName: 'Bea', lastName: 'Apple' } })).toMatchObject({
      emailVerified: true,
      name: 'Bea Apple',
    });
    expect(oidcProfile({ sub: '3', email: 'c@x.com', given_name: 'Cy', family_name: 'Li' })).toMatchObject({ emailVerified: false, name: 'Cy Li' });
  });

  // Recorded shapes of GET https://api.github.com/user and /user/emails.
  const githubUser = {
    login: 'octocat',
    id: 583231,
    node_id: 'MDQ6VXNlcjU4MzIzMQ==',
    avatar_url: 'https://avatars.githubusercontent.com/u/583231?v=4',
    type: 'User',
    name: 'The Octocat',
    company: '@github',
    email: 'public@octocat.example',
  };
  const githubEmails = [
    { email: 'old@octocat.example', primary: false, verified: true, visibility: null },
    { email: 'octocat@github.com', primary: true, verified: true, visibility: 'public' },
    { email: 'unverified@octocat.example', primary: false, verified: false, visibility: null },
  ];

  it('maps GitHub to the primary verified email', () => {
    expect(githubProfile(githubUser, githubEmails)).toEqual({
      subject: '583231',
      email: 'octocat@github.com',
      emailVerified: true,
      name: 'The Octocat',
      image: 'https://avatars.githubusercontent.com/u/583231?v=4',
    });
  });

  it('treats an unverified GitHub primary email as unverified, and falls back to the login as name', () => {
    const emails = [{ email: 'octocat@github.com', primary: true, verified: false, visibility: 'private' }];
    expect(githubProfile({ ...githubUser, name: null }, emails)).toMatchObject({ email: 'octocat@github.com', emailVerified: false, name: 'octocat' });
    expect(githubProfile(githubUser, [])).toMatchObject({ email: undefined, emailVerified: false });
  });

  it('maps Facebook /me, whose emails are verified', () => {
    // Recorded shape of GET https://graph.facebook.com/v19.0/me?fields=id,name,email,picture
    const me = {
      id: '10224242424242424',
      name: 'Fay Book',
      email: 'fay@example.com',
      picture: { data: { height: 50, is_silhouette: false, url: 'https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=1', width: 50 } },
    };
    expect(facebookProfile(me)).toEqual({
      subject: '10224242424242424',
      email: 'fay@example.com',
      emailVerified: true,
      name: 'Fay Book',
      image: 'https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=1',
    });
    expect(facebookProfile({ id: '1', name: 'No Mail', picture: { data: { is_silhouette: true, url: 'x' } } })).toEqual({
      subject: '1',
      email: undefined,
      emailVerified: false,
      name: 'No Mail',
      image: undefined,
    });
  });
});
