import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { authenticator } from 'otplib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/app';
import { loadConfig } from '../../src/config';
import { keyEncryptionBox } from '../../src/modules/identity/key-encryption-key';
import { createSecretBox } from '../../src/modules/identity/secret-box';
import { startRuntime, type Runtime } from '../../src/runtime';
import { databaseBefore, type DatabaseBefore } from '../helpers/database-before';

const TAG = '0019_totp_secret_box';

let database: DatabaseBefore;
let dataDir: string;
let runtime: Runtime | undefined;
beforeAll(async () => {
  database = await databaseBefore(TAG);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-test-'));
});
afterAll(async () => {
  await runtime?.close();
  await database?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const q: DatabaseBefore['q'] = (text, values) => database.q(text, values);

describe(`migration ${TAG}`, () => {
  it('moves TOTP secrets sealed with the key in the database under the key-encryption key, and enrolled users still sign in with their codes', async () => {
    await q(`INSERT INTO tenants (id) VALUES ('demo')`);
    const [user] = await q<{ id: number }>(
      `INSERT INTO identity_users (tenant_id, email, username, is_email_confirmed, totp_enabled_at) VALUES ('demo', 'mfa@x.io', 'mfa', true, now()) RETURNING id`,
    );
    // Enrolled by the old code: the secret sealed with the data key kept in `app_secrets`.
    const secret = authenticator.generateSecret(20);
    const context = `totp:${user!.id}`;
    const legacy = createSecretBox(database.db);
    await q(`UPDATE identity_users SET totp_secret = $1 WHERE id = $2`, [await legacy.encrypt(secret, context), user!.id]);

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKERS: '0' });
    runtime = await startRuntime(config, database.url, pino({ level: 'silent' }));

    const [row] = await q<{ totp_secret: string | null; totp_secret_box: string }>(`SELECT totp_secret, totp_secret_box FROM identity_users WHERE id = $1`, [user!.id]);
    expect(row!.totp_secret).toBeNull();
    await expect(legacy.decrypt(row!.totp_secret_box, context)).rejects.toThrow();
    expect(await keyEncryptionBox(config).decrypt(row!.totp_secret_box, context)).toBe(secret);

    const app = await build(config, runtime);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/v0/tenants/demo/auth/totp',
        payload: { email: 'mfa@x.io', totpCode: authenticator.generate(secret) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isMfaRequired: true, authentication: { firstFactor: { strategy: 'totp', channel: 'authenticator' } } });
    } finally {
      await app.close();
    }
  });
});
