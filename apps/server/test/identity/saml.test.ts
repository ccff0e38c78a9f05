import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSamlTokens } from '../../src/modules/identity/saml.service';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, signUp } from './helpers';

let t: TestApp;
let access: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  access = (await signUp(t, { email: 'saml@example.com', username: 'samluser' })).json().tokens.access.value;
});
afterAll(() => t.close());

const issue = (token?: string) => t.app.inject({ url: '/v0/auth/saml/idp/token', headers: token ? bearer(token) : {} });

describe('SAML IdP token', () => {
  it('needs an access token', async () => {
    expect((await issue()).statusCode).toBe(401);
  });

  it('issues a single-use token that resolves to the user', async () => {
    const res = await issue(access);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token } = res.json();
    expect(token).toMatch(/^[\w-]{43}$/);
    const saml = createSamlTokens(t.runtime.identity);
    const user = await saml.consumeSamlToken('demo', token);
    expect(user).toMatchObject({ email: 'saml@example.com', username: 'samluser', tenantId: 'demo' });
    await expect(saml.consumeSamlToken('demo', token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('is bound to its tenant and expires after 5 minutes', async () => {
    const saml = createSamlTokens(t.runtime.identity);
    const other = (await issue(access)).json().token;
    await expect(saml.consumeSamlToken('elsewhere', other)).rejects.toMatchObject({ statusCode: 401 });

    const { token } = (await issue(access)).json();
    const [row] = (await t.runtime.db.execute(
      sql`SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM identity_one_time_tokens WHERE purpose = 'saml' ORDER BY created_at DESC LIMIT 1`,
    )).rows as { ttl: number }[];
    expect(row!.ttl).toBeGreaterThanOrEqual(299);
    expect(row!.ttl).toBeLessThanOrEqual(301);
    await t.runtime.db.execute(sql`UPDATE identity_one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'saml'`);
    await expect(saml.consumeSamlToken('demo', token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('is refused once the session that asked for it has ended', async () => {
    const saml = createSamlTokens(t.runtime.identity);
    const { token } = (await issue(access)).json();
    await t.app.inject({ url: '/v0/auth/logout', headers: bearer(access) });
    await expect(saml.consumeSamlToken('demo', token)).rejects.toMatchObject({ statusCode: 401 });
  });
});
