import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { IssuedTokens } from './sign-in.service';

/** Cookie names carry the tenant id. */
export const cookieNames = (tenantId: string) => ({
  access: `access.${tenantId}`,
  id: `id.${tenantId}`,
  refresh: `refresh.${tenantId}`,
  /** Readable hint that a refresh cookie exists, so the client only tries to refresh when it can work. */
  session: `session.${tenantId}`,
});

export const REFRESH_COOKIE_PATH = '/v0/auth';

export function setAuthCookies(reply: FastifyReply, tokens: IssuedTokens, secure: boolean) {
  const names = cookieNames(tokens.tenantId);
  const expires = tokens.sessionExpiresAt;
  const base = { secure, path: '/', expires } as const;
  reply.setCookie(names.access, tokens.access, { ...base, sameSite: 'lax' });
  reply.setCookie(names.id, tokens.id, { ...base, sameSite: 'lax' });
  reply.setCookie(names.session, '1', { ...base, sameSite: 'lax' });
  // Only the server ever reads it: HttpOnly, Strict, and sent to the refresh/logout endpoints only.
  reply.setCookie(names.refresh, tokens.refresh, { secure, expires, path: REFRESH_COOKIE_PATH, sameSite: 'strict', httpOnly: true });
}

export function clearAuthCookies(reply: FastifyReply, tenantId: string, secure: boolean) {
  const names = cookieNames(tenantId);
  for (const name of [names.access, names.id, names.session]) reply.clearCookie(name, { path: '/', secure, sameSite: 'lax' });
  reply.clearCookie(names.refresh, { path: REFRESH_COOKIE_PATH, secure, sameSite: 'strict', httpOnly: true });
}
