import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { AppError } from '../../errors';
import type { KeyStore } from './keys.service';
import type { IdentityUser } from './users.repo';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const FIRST_FACTOR_SECONDS = 5 * 60;

/** RFC 9068 `typ` values keep an id token or a first-factor token from ever passing as an access token. */
const TYP = { access: 'at+jwt', id: 'id+jwt', firstFactor: 'ff+jwt' } as const;
type TokenKind = keyof typeof TYP;

export interface AccessClaims {
  mode: 'test' | 'live';
  userId: number;
  userUuid: string;
  tenantId: string;
  isConfirmed: boolean;
  isEmailConfirmed: boolean;
  isPhoneNumberConfirmed: boolean;
  authorization: Record<string, { roles: string[] }>;
  sessionId: string;
  iat: number;
  exp: number;
}

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
   */
  async function verify<T>(kind: TokenKind, token: string, tenantId?: string): Promise<T & JWTPayload> {
    let claimedTenant: string | undefined;
    let kid: string | undefined;
    try {
      claimedTenant = decodeJwt(token).tenantId as string | undefined;
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw new AppError('UNAUTHORIZED', 'Invalid token.');
    }
    const tenant = tenantId ?? claimedTenant;
    if (!tenant || !kid || (tenantId && claimedTenant !== tenantId)) throw new AppError('UNAUTHORIZED', 'Invalid token.');
    const key = await keys.verificationKey(tenant, kid);
    if (!key) throw new AppError('UNAUTHORIZED', 'Invalid token.');
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['RS256'],
        issuer: issuer(tenant),
        audience: tenant,
        typ: TYP[kind],
      });
      return payload as T & JWTPayload;
    } catch (err) {
      const expired = (err as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw new AppError('UNAUTHORIZED', expired ? 'Token expired.' : 'Invalid token.');
    }
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
          data: user.data,
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
    verifyFirstFactor: (token: string, tenantId: string) => verify<FirstFactorClaims>('firstFactor', token, tenantId),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
