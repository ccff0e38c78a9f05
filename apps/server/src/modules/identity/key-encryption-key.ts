import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { ConfigError } from '../../config-error';
import { secretBoxWith, type SecretBoxCipher } from './secret-box';

/** Where the key-encryption key lives when KEY_ENCRYPTION_KEY is unset. */
export const KEY_FILE_NAME = 'key-encryption.key';

/**
 * The 32-byte key that encrypts the tenants' signing keys and the users' TOTP secrets. It never goes
 * into the database, so a copy of the database (a backup, a replica, an injection) does not carry the
 * means to forge tokens or to make second-factor codes:
 * KEY_ENCRYPTION_KEY (base64), or else `DATA_DIR/key-encryption.key`, created at the first start
 * readable by this user only. Several web nodes must all be given the same KEY_ENCRYPTION_KEY.
 */
export async function loadKeyEncryptionKey(fromEnv: Buffer | undefined, dataDir: string): Promise<Buffer> {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, KEY_FILE_NAME);
  try {
    // `wx`: a second process starting at the same moment keeps the first one's key.
    await fs.writeFile(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== 32) throw new ConfigError(`${file} must hold 32 bytes in base64 (it was changed by hand or truncated).`);
  return key;
}

/** A secret box keyed by the key-encryption key, read once, on first use. */
export function keyEncryptionBox(config: Pick<Config, 'identity' | 'dataDir'>): SecretBoxCipher {
  let kek: Promise<Buffer> | undefined;
  return secretBoxWith(() => {
    kek ??= loadKeyEncryptionKey(config.identity.keyEncryptionKey, config.dataDir);
    kek.catch(() => (kek = undefined));
    return kek;
  });
}
