import { verify as verifySignature, type KeyObject } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import { LRUCache } from 'lru-cache';
import { userDataProblem } from '@app/contracts/identity-api';
import type { AccessClaims } from '../../caller';
import { AppError } from '../../errors';
import type { KeyStore } from './keys.service';
import type { IdentityUser } from './identity-users.repo';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const FIRST_FACTOR_SECONDS = 5 * 60;

/** RFC 9068 `typ` values keep an id token or a first-factor token from ever passing as an access token. */
const TYP = { access: 'at+jwt', id: 'id+jwt', firstFactor: 'ff+jwt' } as const;
type TokenKind = keyof typeof TYP;
/** Three base64url parts, nothing else (a lenient base64 decoder would skip stray characters). */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Tokens whose signature was checked, remembered per node: a client sends one token for 15 minutes. */
const CHECKED_TOKENS = 10_000;

export interface FirstFactorClaims {
  userId: number;
  userUuid: string;
  tenantId: string;
  /** The one-time token row that makes this token single use. */
  jti: string;
  firstFactor: { strategy: string; channel: string };
}

function baseClaims(user: IdentityUser, mode: 'test' | 'live') {
  return {
    mode,
    userId: user.id,
    userUuid: user.uuid,
    tenantId: user.tenantId,
    isConfirmed: user.isEmailConfirmed || user.isPhoneNumberConfirmed,
    isEmailConfirmed: user.isEmailConfirmed,
    isPhoneNumberConfirmed: user.isPhoneNumberConfirmed,
  };
}

export function createTokenService(keys: KeyStore, issuerBase: string) {
  const issuer = (tenantId: string) => `${issuerBase}/v0/tenants/${tenantId}`;

  async function sign(kind: TokenKind, tenantId: string, subject: string, claims: Record<string, unknown>, seconds: number) {
    const key = await keys.signingKey(tenantId);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: TYP[kind] })
      .setIssuer(issuer(tenantId))
      .setAudience(tenantId)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(key.privateKey);
  }

  /**
   * Verifies signature (RS256 only: `alg: none` and HS256 confusion are refused), issuer, audience,
   * expiry and token type. `tenantId` pins the tenant; without it the token's own tenant is used
   * (tenant-less paths such as /v0/self), still verified with that tenant's keys only.
   *
   * Not jose's `jwtVerify`: jose 6 verifies through WebCrypto, an asynchronous job per token that
   * cost about a tenth of a signed-in read in the profile; node:crypto checks the same RS256
   * signature synchronously with the KeyObject the key store imported once. jose still parses the
   * token; the checks below are the ones `jwtVerify` made with our options (plus `exp` required).
   */
  /**
   * The exact token strings whose signature verified, with what they decoded to and the key that
   * verified them. Checking the same RS256 signature again on every request of a session was the
   * largest single cost of a signed-in read; a remembered token still passes every other check
   * below on every use (type, tenant, issuer, expiry), and only while its key is still published
   * (the key store is asked each time), so a retired or deleted key ends it as it ends a fresh one.
   * A token is remembered only once its signature verified: a forged one differs in its bytes.
   */
  const checked = new LRUCache<string, { header: ProtectedHeaderParameters; payload: JWTPayload; key: KeyObject }>({ max: CHECKED_TOKENS });

  function decode(token: string): { header: ProtectedHeaderParameters; payload: JWTPayload } | undefined {
    if (!COMPACT_JWS.test(token)) return undefined;
    try {
      return { header: decodeProtectedHeader(token), payload: decodeJwt(token) };
    } catch {
      return undefined;
    }
  }

  async function verify<T>(kind: TokenKind, token: string, tenantId?: string, { allowExpired = false } = {}): Promise<T & JWTPayload> {
    const invalid = () => new AppError('UNAUTHORIZED', 'Invalid token.');
    const known = checked.get(token);
    const decoded = known ?? decode(token);
    if (!decoded) throw invalid();
    const { header, payload } = decoded;
    const claimedTenant = payload['tenantId'];
    const tenant = tenantId ?? claimedTenant;
    if (typeof tenant !== 'string' || !tenant || !header.kid || (tenantId && claimedTenant !== tenantId)) throw invalid();
    // Pinned algorithm and type; no extensions (`crit`, unencoded payloads) are understood.
    if (header.alg !== 'RS256' || header.typ !== TYP[kind] || header.crit !== undefined || header.b64 !== undefined) throw invalid();
    const key = await keys.verificationKey(tenant, header.kid);
    if (!key) throw invalid();
    if (known?.key !== key) {
      const dot = token.lastIndexOf('.');
      const signed = verifySignature('RSA-SHA256', Buffer.from(token.slice(0, dot)), key, Buffer.from(token.slice(dot + 1), 'base64url'));
      if (!signed) throw invalid();
      checked.set(token, { header, payload, key });
    }
    const now = Math.floor(Date.now() / 1000);
    const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (payload.iss !== issuer(tenant) || !audience.includes(tenant)) throw invalid();
    if (typeof payload.exp !== 'number' || (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now))) throw invalid();
    if (payload.iat !== undefined && typeof payload.iat !== 'number') throw invalid();
    if (payload.exp <= now && !allowExpired) throw new AppError('UNAUTHORIZED', 'Token expired.');
    // Shared by every request that sends this token: callers read it, never change it.
    return payload as T & JWTPayload;
  }

  return {
    accessToken(user: IdentityUser, sessionId: string, mode: 'test' | 'live') {
      return sign(
        'access',
        user.tenantId,
        user.uuid,
        { ...baseClaims(user, mode), authorization: { [user.tenantId]: { roles: user.roles } }, sessionId },
        ACCESS_TOKEN_SECONDS,
      );
    },

    idToken(user: IdentityUser, mode: 'test' | 'live') {
      return sign(
        'id',
        user.tenantId,
        user.uuid,
        {
          ...baseClaims(user, mode),
          name: user.name,
          email: user.email,
          phoneNumber: user.phoneNumber,
          username: user.username,
          image: user.image,
          // Rows written before `data` was capped may hold more than a cookie can carry; /v0/self has it all.
          data: userDataProblem(user.data) ? {} : user.data,
          isMfaRequired: user.totpEnabledAt !== null,
          confirmedEmailAt: user.confirmedEmailAt?.toISOString() ?? null,
          confirmedPhoneNumberAt: user.confirmedPhoneNumberAt?.toISOString() ?? null,
          createdAt: user.createdAt.toISOString(),
          updatedAt: user.updatedAt.toISOString(),
        },
        ACCESS_TOKEN_SECONDS,
      );
    },

    firstFactorToken(user: IdentityUser, jti: string, firstFactor: FirstFactorClaims['firstFactor']) {
      return sign('firstFactor', user.tenantId, user.uuid, { userId: user.id, userUuid: user.uuid, tenantId: user.tenantId, jti, firstFactor }, FIRST_FACTOR_SECONDS);
    },

    verifyAccess: (token: string, tenantId?: string) => verify<AccessClaims>('access', token, tenantId),
    /** Logout only: an expired access token still names its session, so signing out works after 15 idle minutes. */
    verifyAccessAllowingExpiry: (token: string) => verify<AccessClaims>('access', token, undefined, { allowExpired: true }),
    verifyFirstFactor: (token: string, tenantId: string) => verify<FirstFactorClaims>('firstFactor', token, tenantId),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
