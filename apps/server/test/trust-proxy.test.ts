import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ConfigError } from '../src/config-error';
import { createTestApp, type TestApp } from './helpers/test-app';
import { bearer, signIn, signUp } from './identity/helpers';

describe('TRUST_PROXY', () => {
  it('parses a hop count or addresses/CIDRs, and trusts nobody by default', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,::1/128' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', '::1/128']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      "TRUST_PROXY must be a hop count or comma-separated addresses/CIDRs ('true' is neither) (got 'true')",
    );
  });
});

describe('the client address', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const attempt = (forwardedFor: string) =>
    t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/basic', payload: { emailOrUsername: 'x@example.com', password: 'wrong' }, headers: { 'x-forwarded-for': forwardedFor } });

  it('by default ignores X-Forwarded-For: a new value per request does not reset the sign-in limit', async () => {
    // Production, where `trustProxy: true` used to be the default.
    t = await createTestApp({ NODE_ENV: 'production', AUTH_RATE_LIMIT: '2', PUBLIC_URL: 'https://teams.example.com', LOCAL_BILLING_IN_PRODUCTION: 'true', SMTP_URL: 'smtp://127.0.0.1:9' });
    const statuses = [];
    for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) statuses.push((await attempt(ip)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('with TRUST_PROXY=1 is the address the nearest proxy saw (the last X-Forwarded-For entry)', async () => {
    t = await createTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT: '1000' });
    await signUp(t, { email: 'proxied@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v0/tenants/demo/auth/basic',
      payload: { emailOrUsername: 'proxied@example.com', password: 'correct horse battery staple' },
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
    });
    const access = res.json().tokens.access.value as string;
    const sessions = (await t.app.inject({ url: '/v0/self/sessions', headers: bearer(access) })).json().sessions;
    expect(sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ ip: '203.0.113.9' });
    expect((await signIn(t, 'proxied@example.com')).statusCode).toBe(200);
  });
});
