import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { Identity } from '../modules/identity/identity';
import type { AccessClaims } from '../modules/identity/tokens.service';

export interface AuthUser {
  userId: number;
  userUuid: string;
  tenantId: string;
  sessionId: string;
  roles: string[];
  claims: AccessClaims;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError('UNAUTHORIZED', 'The Authorization header must be "Bearer <token>".');
  return match[1];
}

/**
 * Verifies the Bearer access token and that its session is still alive (logout, password change and
 * refresh-token reuse end sessions at once, not when the 15-minute token expires). `tenantId` pins
 * the tenant (product API: the tenant of the Host); without it the token's own tenant is used.
 */
export async function authenticate(identity: Identity, request: FastifyRequest, tenantId?: string): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  const claims = await identity.tokens.verifyAccess(token, tenantId);
  const session = await identity.sessions.active(claims.sessionId);
  if (!session || session.userId !== claims.userId) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
  return {
    userId: claims.userId,
    userUuid: claims.userUuid,
    tenantId: claims.tenantId,
    sessionId: claims.sessionId,
    roles: claims.authorization?.[claims.tenantId]?.roles ?? [],
    claims,
  };
}

/** Product API (`/api/*`): the Bearer token must belong to the tenant this host serves. */
export function authenticateForHost(identity: Identity, request: FastifyRequest): Promise<AuthUser> {
  return authenticate(identity, request, identity.tenants.fromHost(request.headers.host));
}
