import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Db } from './db/client';
import { getOrCreateSecret, getSecret } from './db/app-secrets';

/**
 * Signed tokens: every link or grant that acts without a session (e-mail answer and unsubscribe links,
 * playback tokens, local storage URLs) is signed here, and nowhere else.
 *
 * - One root secret (kept in the database, shared by every node); each purpose signs with its own key,
 *   derived from the root by HKDF, and the purpose is also part of what is MACed: a token made for one
 *   purpose never verifies as another.
 * - A token is its fields and its HMAC-SHA256, `<field>.<field>...<mac>`; fields are URL-safe and hold
 *   no `.` or `:`, so the signed message `<purpose>:<field>:<field>...` is unambiguous. A purpose that
 *   expires carries its expiry (ms since the epoch) as its last field, inside what is signed.
 * - Anything forged, malformed, of another purpose or expired is one answer: null.
 */

/** A field of a token: URL-safe, without `.` (the separator). */
const MAX_TOKEN = 4000;
const FIELD = /^[A-Za-z0-9_-]{1,4000}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

export interface PurposeOptions {
  /** How many fields (besides the expiry) a token of this purpose has. */
  fields: number;
  /** Tokens carry their expiry, and verify only before it. */
  expires?: boolean;
  /**
   * The key the purpose was signed with before the root secret existed: its tokens (in e-mail already
   * sent) are the same format and keep verifying.
   */
  legacyKey?: string | null;
}

export interface TokenSigner {
  /** The signature of `fields` for `purpose` (base64url). For grants carried some other way (storage URLs). */
  signature(purpose: string, fields: readonly string[]): string;
  /** Whether `given` is the signature of `fields` for `purpose`, compared in constant time. */
  matches(purpose: string, fields: readonly string[], given: string): boolean;
  purpose(name: string, options: PurposeOptions): TokenPurpose;
}

export interface TokenPurpose {
  /** Signs `fields`, and the expiry of an expiring purpose. */
  sign(fields: readonly (string | number)[], expiresAt?: number): string;
  /** The signed fields (without the expiry), or null for a forged, malformed, expired or other purpose's token. */
  verify(token: string, now?: number): string[] | null;
}

/** A token field that names a user: their id as a number, or null for any other text. */
export const userIdField = (field: string): number | null => (/^[1-9]\d{0,9}$/.test(field) ? Number(field) : null);

const macOf = (key: Buffer | string, purpose: string, fields: readonly string[]): Buffer =>
  createHmac('sha256', key).update([purpose, ...fields].join(':')).digest();

// The text is compared, not its decoded bytes: base64url's last character has spare bits, and a
// changed spare bit must not pass as the same signature.
function sameMac(expected: Buffer, given: string): boolean {
  if (!MAC.test(given)) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected.toString('base64url')));
}

function checkedFields(purpose: string, fields: readonly (string | number)[]): string[] {
  if (!FIELD.test(purpose.replace(/[.:]/g, '_'))) throw new Error(`bad token purpose ${purpose}`);
  return fields.map((field) => {
    const text = String(field);
    if (!FIELD.test(text)) throw new Error(`a ${purpose} token field must be URL-safe without dots`);
    return text;
  });
}

/** The signer of one root secret (at least 16 characters). */
export function createTokenSigner(rootSecret: string): TokenSigner {
  if (rootSecret.length < 16) throw new Error('The token signing secret needs at least 16 characters.');
  const keys = new Map<string, Buffer>();
  const keyOf = (purpose: string) => {
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', rootSecret, 'teamfilm-signed-token', purpose, 32));
      keys.set(purpose, key);
    }
    return key;
  };
  const signature = (purpose: string, fields: readonly string[]) => macOf(keyOf(purpose), purpose, checkedFields(purpose, fields)).toString('base64url');
  const matches = (purpose: string, fields: readonly string[], given: string) => sameMac(macOf(keyOf(purpose), purpose, checkedFields(purpose, fields)), given);

  return {
    signature,
    matches,
    purpose(name, options) {
      const count = options.fields + (options.expires ? 1 : 0);
      return {
        sign(values, expiresAt) {
          if (values.length !== options.fields || (options.expires === true) !== (expiresAt !== undefined)) throw new Error(`a ${name} token has ${options.fields} fields${options.expires ? ' and an expiry' : ''}`);
          const fields = checkedFields(name, expiresAt === undefined ? values : [...values, Math.floor(expiresAt)]);
          return [...fields, signature(name, fields)].join('.');
        },
        verify(token, now = Date.now()) {
          if (typeof token !== 'string' || token.length > MAX_TOKEN) return null;
          const parts = token.split('.');
          const mac = parts.pop()!;
          if (parts.length !== count || !parts.every((part) => FIELD.test(part))) return null;
          const genuine = sameMac(macOf(keyOf(name), name, parts), mac) || (!!options.legacyKey && sameMac(macOf(options.legacyKey, name, parts), mac));
          if (!genuine) return null;
          if (options.expires) {
            const expiresAt = parts.pop()!;
            if (!/^\d{1,15}$/.test(expiresAt) || Number(expiresAt) <= now) return null;
          }
          return parts;
        },
      };
    },
  };
}

const signers = new WeakMap<Db, Promise<TokenSigner>>();

/** The root secret every purpose's key derives from, made on first use and shared by every node through the database. */
export const rootSecret = (db: Db): Promise<string> => getOrCreateSecret(db, 'token-signing-root');

/** The signer of the database's root secret (made on first use), one per database handle. */
export function tokenSigner(db: Db): Promise<TokenSigner> {
  let signer = signers.get(db);
  if (!signer) {
    signer = rootSecret(db).then(createTokenSigner);
    signer.catch(() => signers.delete(db));
    signers.set(db, signer);
  }
  return signer;
}

/** A key kept from before the root secret, or null where it never existed (it is never made). */
export const legacySecret = (db: Db, name: string): Promise<string | null> => getSecret(db, name);
