import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { ConfigError } from '../../src/config-error';
import { createSigningKeys } from '../../src/modules/identity/identity';
import { UNKNOWN_KID_REREAD_MS, type KeyStore } from '../../src/modules/identity/keys.service';
import { createTokenService } from '../../src/modules/identity/tokens.service';
import { startRuntime } from '../../src/runtime';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, header, signIn, signUp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  await signUp(t, { email: 'keys@example.com' });
});
afterAll(() => t.close());

const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.runtime.db.$client.query(text, values)).rows as T[];
const keyRows = () => sql<{ kid: string; private_jwk: unknown; private_key_box: string | null; retired_at: Date | null }>(`SELECT * FROM identity_keys WHERE tenant_id = 'demo' ORDER BY created_at`);
const kids = async () => ((await t.app.inject('/v0/tenants/demo/jwks.json')).json().keys as { kid: string }[]).map((key) => key.kid);
const self = (access: string) => t.app.inject({ url: '/v0/self', headers: bearer(access) });

/** Another process on the same database and DATA_DIR (a restart, or a second node). */
const restart = (env: Record<string, string> = {}) =>
  startRuntime(loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent', WORKERS: '0', ...env }), t.databaseUrl, pino({ level: 'silent' }));

describe('signing keys at rest', () => {
  it('are stored encrypted, never as the private JWK, with the key in a 0600 file outside the database', async () => {
    const [row] = await keyRows();
    expect(row!.private_jwk).toBeNull();
    expect(row!.private_key_box).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row!.private_key_box).not.toMatch(/"d"|"kty"|BEGIN/);
    const stat = await fs.stat(path.join(t.config.dataDir, 'key-encryption.key'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(JSON.stringify(await sql(`SELECT * FROM app_secrets`))).not.toContain((await fs.readFile(path.join(t.config.dataDir, 'key-encryption.key'), 'utf8')).trim());
  });

  it('written in plaintext before are encrypted at the next start, and still sign', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = 'legacy-plain-key';
    await sql(`INSERT INTO tenants (id, name) VALUES ('legacy', 'Legacy') ON CONFLICT DO NOTHING`);
    await sql(`INSERT INTO identity_keys (kid, tenant_id, private_jwk, public_jwk) VALUES ($1, 'legacy', $2, $3)`, [
      kid,
      JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'RS256' }),
      JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }),
    ]);
    const runtime = await restart();
    try {
      const [row] = await sql<{ private_jwk: unknown; private_key_box: string }>(`SELECT * FROM identity_keys WHERE kid = $1`, [kid]);
      expect(row).toMatchObject({ private_jwk: null, private_key_box: expect.stringMatching(/^v1\./) });
      expect((await runtime.identity.keys.signingKey('legacy')).kid).toBe(kid);
    } finally {
      await runtime.close();
      await sql(`DELETE FROM identity_keys WHERE kid = $1`, [kid]);
    }
  });

  it('with the wrong key-encryption key stop the start with a clear error', async () => {
    const start = restart({ KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/^The key-encryption key does not open signing key \S+ in the database\. Start with the key it was encrypted with/);
    expect(() => loadConfig({ KEY_ENCRYPTION_KEY: 'too-short' })).toThrow(/KEY_ENCRYPTION_KEY must be 32 random bytes in base64 \(openssl rand -base64 32\)$/m);
  });
});

describe('signing key rotation', () => {
  it('replaces a key once it is SIGNING_KEY_ROTATION_DAYS old; tokens it signed keep working until the retired key is unpublished', async () => {
    const before = (await signIn(t, 'keys@example.com')).json().tokens.access.value as string;
    const [old] = await keyRows();
    expect(await t.runtime.identity.keys.rotateDue()).toEqual([]);

    await sql(`UPDATE identity_keys SET created_at = now() - interval '31 days' WHERE kid = $1`, [old!.kid]);
    expect(await t.runtime.identity.keys.rotateDue()).toEqual(['demo']);
    const [retired, current] = await keyRows();
    expect(retired).toMatchObject({ kid: old!.kid, retired_at: expect.any(Date) });
    expect(current).toMatchObject({ retired_at: null, private_jwk: null });

    expect((await self(before)).statusCode).toBe(200);
    const after = (await signIn(t, 'keys@example.com')).json().tokens.access.value as string;
    expect(header(after).kid).toBe(current!.kid);
    expect(await kids()).toEqual([old!.kid, current!.kid]);

    // Once every token the retired key signed has expired, it leaves the JWKS and the database.
    await sql(`UPDATE identity_keys SET retired_at = now() - interval '1 hour' WHERE kid = $1`, [old!.kid]);
    expect(await kids()).toEqual([current!.kid]);
    await t.runtime.identity.keys.rotateDue();
    expect((await keyRows()).map((r) => r.kid)).toEqual([current!.kid]);
    expect((await self(after)).statusCode).toBe(200);
  });
});

describe('verification keys cached on a node', () => {
  const cacheMs = () => t.config.identity.verificationKeyCacheMinutes * 60_000;
  /** A node whose clock the test moves, verifying with its own cache (as another web node would). */
  const node = () => {
    const clock = { now: Date.now() };
    const tokens = createTokenService(createSigningKeys(t.runtime.db, t.config, { now: () => clock.now }), t.config.publicUrl);
    return { clock, verify: (token: string, tenant: string) => tokens.verifyFirstFactor(token, tenant) };
  };
  const signed = ({ kid, privateKey }: { kid: string; privateKey: CryptoKey }, tenant: string) =>
    new SignJWT({ tenantId: tenant })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'ff+jwt' })
      .setIssuer(`${t.config.publicUrl}/v0/tenants/${tenant}`)
      .setAudience(tenant)
      .setExpirationTime('5m')
      .sign(privateKey);
  /** A token signed with the tenant's key as the node holding `keys` has it (this test's "elsewhere"). */
  const tokenFrom = async (keys: KeyStore, tenant: string) => signed(await keys.signingKey(tenant), tenant);
  const newTenant = async (id: string) => {
    await sql(`INSERT INTO tenants (id, name) VALUES ($1, $1)`, [id]);
    return id;
  };

  it('stop verifying a key deleted from the database once the cache life has passed', async () => {
    const tenant = await newTenant('compromised');
    const elsewhere = createSigningKeys(t.runtime.db, t.config);
    const token = await tokenFrom(elsewhere, tenant);
    const { clock, verify } = node();
    await expect(verify(token, tenant)).resolves.toMatchObject({ tenantId: tenant });

    await sql(`DELETE FROM identity_keys WHERE kid = $1`, [header(token).kid]);
    clock.now += cacheMs() - 1;
    await expect(verify(token, tenant)).resolves.toMatchObject({ tenantId: tenant });
    clock.now += 1;
    await expect(verify(token, tenant)).rejects.toThrow('Invalid token.');
  });

  it('verify a key made on another node at once, and read the database for unknown kids at most once per interval', async () => {
    const tenant = await newTenant('rotating');
    const elsewhere = createSigningKeys(t.runtime.db, t.config);
    const first = await tokenFrom(elsewhere, tenant);
    const { clock, verify } = node();
    await expect(verify(first, tenant)).resolves.toMatchObject({ tenantId: tenant });

    const newKey = async () => {
      await sql(`UPDATE identity_keys SET retired_at = now() WHERE tenant_id = $1 AND retired_at IS NULL`, [tenant]);
      return tokenFrom(createSigningKeys(t.runtime.db, t.config), tenant);
    };
    const second = await newKey();
    expect(header(second).kid).not.toBe(header(first).kid);
    await expect(verify(second, tenant)).resolves.toMatchObject({ tenantId: tenant });

    // A made-up kid is refused; the next unknown kid within the interval is not looked up again,
    // not even a real new one, until the interval has passed.
    const madeUp = await signed({ kid: 'made-up-kid', privateKey: (await generateKeyPair('RS256')).privateKey }, tenant);
    await expect(verify(madeUp, tenant)).rejects.toThrow('Invalid token.');
    const third = await newKey();
    await expect(verify(third, tenant)).rejects.toThrow('Invalid token.');
    clock.now += UNKNOWN_KID_REREAD_MS;
    await expect(verify(third, tenant)).resolves.toMatchObject({ tenantId: tenant });
    await expect(verify(first, tenant)).resolves.toMatchObject({ tenantId: tenant });
  });
});
