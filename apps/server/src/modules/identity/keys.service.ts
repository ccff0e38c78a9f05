import { createPublicKey, type KeyObject } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { randomToken } from './crypto';
import type { Db } from '../../db/client';
import { identityKeys } from '../../db/schema';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/**
 * RS256 keys per tenant, generated on first use and kept in the database so every node signs and
 * verifies with the same keys. Retired keys stay published until tokens signed with them expire.
 */
export function createKeyStore(db: Db) {
  const signing = new Map<string, Promise<SigningKey>>();
  const verifying = new Map<string, Promise<KeyObject | undefined>>();

  async function loadOrCreate(tenantId: string): Promise<SigningKey> {
    const [row] = await db
      .select()
      .from(identityKeys)
      .where(and(eq(identityKeys.tenantId, tenantId), isNull(identityKeys.retiredAt)))
      .orderBy(identityKeys.createdAt)
      .limit(1);
    if (row) return { kid: row.kid, privateKey: (await importJWK(row.privateJwk as JWK, 'RS256')) as CryptoKey };
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = randomToken(12);
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
    await db.insert(identityKeys).values({ kid, tenantId, privateJwk, publicJwk });
    // Two nodes may have raced; everyone uses the oldest active key.
    return loadOrCreate(tenantId);
  }

  return {
    signingKey(tenantId: string): Promise<SigningKey> {
      let key = signing.get(tenantId);
      if (!key) {
        key = loadOrCreate(tenantId);
        key.catch(() => signing.delete(tenantId));
        signing.set(tenantId, key);
      }
      return key;
    },

    /**
     * The public key for `kid`, only if it belongs to `tenantId`, as a node:crypto KeyObject imported
     * once (tokens are verified with `crypto.verify`, see the token service).
     */
    verificationKey(tenantId: string, kid: string): Promise<KeyObject | undefined> {
      const cacheKey = `${tenantId}/${kid}`;
      let key = verifying.get(cacheKey);
      if (!key) {
        key = db
          .select()
          .from(identityKeys)
          .where(and(eq(identityKeys.tenantId, tenantId), eq(identityKeys.kid, kid)))
          .then(([row]) => (row ? createPublicKey({ key: row.publicJwk as JWK & { kty: string }, format: 'jwk' }) : undefined));
        // Unknown kids are not cached, so a key created by another node is found later.
        void key.then((k) => k ?? verifying.delete(cacheKey), () => verifying.delete(cacheKey));
        verifying.set(cacheKey, key);
      }
      return key;
    },

    async jwks(tenantId: string): Promise<{ keys: JWK[] }> {
      await this.signingKey(tenantId);
      const rows = await db.select({ publicJwk: identityKeys.publicJwk }).from(identityKeys).where(eq(identityKeys.tenantId, tenantId));
      return { keys: rows.map((r) => r.publicJwk as JWK) };
    },
  };
}

export type KeyStore = ReturnType<typeof createKeyStore>;
