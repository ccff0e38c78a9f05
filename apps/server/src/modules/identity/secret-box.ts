import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { getOrCreateSecret } from '../../db/app-secrets';

/** Name of the app secret (32 random bytes, base64url) that encrypts small secrets at rest. */
export const DATA_KEY_NAME = 'identity-data-key';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for small secrets at rest (TOTP secrets, signing keys, live ingest keys). Format: `v1.<iv>.<tag>.<ciphertext>`,
 * each part base64url. `context` is bound as associated data (e.g. `totp:<userId>`), so a ciphertext
 * copied onto another row does not decrypt there. `key` gives the 32-byte key (loaded once by the caller).
 */
export function secretBoxWith(key: () => Promise<Buffer>) {
  return {
    async encrypt(plaintext: string, context = ''): Promise<string> {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', await key(), iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },

    /** Throws on a wrong key, a wrong context, a tampered box or an unknown format. */
    async decrypt(box: string, context = ''): Promise<string> {
      const [version, iv, tag, ciphertext, ...rest] = box.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length) throw new Error('unknown secret-box format');
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new Error('unknown secret-box format');
      const decipher = createDecipheriv('aes-256-gcm', await key(), ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBoxCipher = ReturnType<typeof secretBoxWith>;

/**
 * A box keyed by an app secret in the database (live ingest keys; TOTP secrets of older versions
 * until the start moves them under the key-encryption key).
 */
export function createSecretBox(db: Db) {
  let key: Promise<Buffer> | undefined;
  const dataKey = () => {
    key ??= getOrCreateSecret(db, DATA_KEY_NAME).then((value) => {
      const bytes = Buffer.from(value, 'base64url');
      if (bytes.length !== 32) throw new Error(`${DATA_KEY_NAME} must be 32 bytes`);
      return bytes;
    });
    key.catch(() => (key = undefined));
    return key;
  };
  return { dataKey, ...secretBoxWith(dataKey) };
}

