import { createPublicKey, type KeyObject } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { LRUCache } from 'lru-cache';
import { ConfigError } from '../../config-error';
import { randomToken } from './crypto';
import type { SecretBoxCipher } from './secret-box';
import type { SigningKeysRepo } from './signing-keys.repo';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** How long a node signs with the key it loaded before it looks again (another node may have rotated). */
export const SIGNING_KEY_CACHE_SECONDS = 60;
/**
 * A retired key stays published this long: the longest-lived token we sign (15 minutes), plus the
 * time other nodes may still sign with it from their cache, plus clock skew.
 */
export const RETIRED_KEY_SECONDS = 15 * 60 + SIGNING_KEY_CACHE_SECONDS + 4 * 60;
/**
 * A `kid` a node has not seen may be a key another node has just created, so it reads the tenant's
 * keys again, but at most this often: a flood of made-up kids costs one read per tenant per second.
 */
export const UNKNOWN_KID_REREAD_MS = 1000;
/** Tenants whose public keys a node keeps; made-up tenant ids in tokens cannot grow the cache past this. */
const CACHED_TENANTS = 1000;

/** A tenant's published public keys as a node last read them. */
interface PublishedKeys {
  keys: Promise<Map<string, KeyObject>>;
  readAt: number;
  /** When an unknown kid last made this node read them (the rate limit of those reads). */
  unknownKidReadAt: number;
}

export interface KeyStoreOptions {
  rotateAfterDays: number;
  /** How long a node verifies with the public keys it read before it reads them again. */
  verificationCacheMs: number;
  /** The node's clock (tests move it instead of waiting). */
  now?: () => number;
}

const boxContext = (kid: string) => `identity-key:${kid}`;

/**
 * RS256 keys per tenant, kept in the database so every node signs and verifies with the same keys.
 * Private keys are stored encrypted (`box`, keyed from outside the database); a scheduled job
 * replaces each tenant's key every `rotateAfterDays`, and retired keys stay published until the
 * tokens they signed have expired.
 */
export function createKeyStore(repo: SigningKeysRepo, box: SecretBoxCipher, { rotateAfterDays, verificationCacheMs, now = Date.now }: KeyStoreOptions) {
  const signing = new Map<string, { key: Promise<SigningKey>; until: number }>();
  const verifying = new LRUCache<string, PublishedKeys>({ max: CACHED_TENANTS });

  async function newKeyRow(tenantId: string) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = randomToken(12);
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateKeyBox = await box.encrypt(JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'RS256' }), boxContext(kid));
    return { kid, tenantId, privateKeyBox, publicJwk };
  }

  async function privateJwkOf(row: { kid: string; privateKeyBox: string | null }): Promise<JWK> {
    if (!row.privateKeyBox) throw new Error(`signing key ${row.kid} has no encrypted private key`);
    return JSON.parse(await box.decrypt(row.privateKeyBox, boxContext(row.kid))) as JWK;
  }

  async function loadOrCreate(tenantId: string): Promise<SigningKey> {
    const row = await repo.activeKey(tenantId);
    if (row) return { kid: row.kid, privateKey: (await importJWK(await privateJwkOf(row), 'RS256')) as CryptoKey };
    await repo.insert(await newKeyRow(tenantId));
    // Two nodes may have raced; everyone uses the oldest active key.
    return loadOrCreate(tenantId);
  }

  /** Reads a tenant's published keys; a key already imported keeps its KeyObject (the token service remembers tokens by it). */
  function readPublished(tenantId: string, previous: PublishedKeys | undefined, forUnknownKid: boolean): PublishedKeys {
    const at = now();
    const keys = (async () => {
      const before = await previous?.keys.catch(() => undefined);
      const rows = await repo.publicKeys(tenantId);
      return new Map(
        rows.map((row) => [row.kid, before?.get(row.kid) ?? createPublicKey({ key: row.publicJwk as JWK & { kty: string }, format: 'jwk' })]),
      );
    })();
    const entry = { keys, readAt: at, unknownKidReadAt: forUnknownKid ? at : (previous?.unknownKidReadAt ?? -Infinity) };
    verifying.set(tenantId, entry);
    keys.catch(() => verifying.get(tenantId) === entry && verifying.delete(tenantId));
    return entry;
  }

  return {
    signingKey(tenantId: string): Promise<SigningKey> {
      const cached = signing.get(tenantId);
      if (cached && cached.until > now()) return cached.key;
      const key = loadOrCreate(tenantId);
      key.catch(() => signing.delete(tenantId));
      signing.set(tenantId, { key, until: now() + SIGNING_KEY_CACHE_SECONDS * 1000 });
      return key;
    },

    /**
     * The public key for `kid`, only if it belongs to `tenantId` and is still published, as a
     * node:crypto KeyObject imported once (tokens are verified with `crypto.verify`, see the token service).
     * Keys are read again after `verificationCacheMs`, so a key deleted from the database (a compromised
     * one) stops verifying on every node by then, not at their next restart.
     */
    async verificationKey(tenantId: string, kid: string): Promise<KeyObject | undefined> {
      const cached = verifying.get(tenantId);
      const entry = cached && now() - cached.readAt < verificationCacheMs ? cached : readPublished(tenantId, cached, false);
      const key = (await entry.keys).get(kid);
      if (key) return key;
      // Another call may have read them again meanwhile (the same unknown kid, or a newer key).
      const latest = verifying.get(tenantId);
      if (latest && latest !== entry) return (await latest.keys).get(kid);
      if (entry !== cached || now() - entry.unknownKidReadAt < UNKNOWN_KID_REREAD_MS) return undefined;
      return (await readPublished(tenantId, entry, true).keys).get(kid);
    },

    async jwks(tenantId: string): Promise<{ keys: JWK[] }> {
      await this.signingKey(tenantId);
      const rows = await repo.publishedJwks(tenantId);
      return { keys: rows.map((r) => r.publicJwk as JWK) };
    },

    /**
     * At start: encrypts the private keys of rows written before encryption, then checks that the
     * key-encryption key opens every stored key, so a wrong key stops the start with a clear message
     * instead of failing every sign-in later.
     */
    async prepare(): Promise<void> {
      const plain = await repo.plainKeys();
      for (const row of plain) {
        const privateKeyBox = await box.encrypt(JSON.stringify(row.privateJwk), boxContext(row.kid));
        await repo.sealPlainKey(row.kid, privateKeyBox);
      }
      const rows = await repo.publishedPrivateKeys();
      for (const row of rows) {
        try {
          await privateJwkOf(row);
        } catch {
          throw new ConfigError(
            `The key-encryption key does not open signing key ${row.kid} in the database. Start with the key it was ` +
              `encrypted with: the same KEY_ENCRYPTION_KEY, or the same DATA_DIR/key-encryption.key file.`,
          );
        }
      }
    },

    /**
     * The scheduled rotation: every tenant whose active key is older than `rotateAfterDays` gets a new
     * one and the old one is retired; retired keys past RETIRED_KEY_SECONDS are deleted. One node at
     * a time (advisory lock). Returns the tenants that got a new key.
     */
    rotateDue(): Promise<string[]> {
      return repo.rotateDue(rotateAfterDays, newKeyRow, (tenantId) => signing.delete(tenantId));
    },
  };
}

export type KeyStore = ReturnType<typeof createKeyStore>;
