import { createContext, useContext } from 'react';

/**
 * The signed-in state, read from the identity cookies: tokens live in cookies
 * named `<token>.<tenantId>`, and "logged in" means an access token whose `exp` is in the future.
 * The auth client (`auth-client.ts`) writes and clears these cookies; this module only reads them,
 * plus the cookie helpers both need.
 */

/** Claims we read from an access token. The identity module's tokens carry more (tenantId, authorization, ...). */
export type AccessTokenPayload = {
  exp?: number;
  userId?: number | string;
  userUuid?: string;
  [claim: string]: unknown;
};

export type Session = {
  accessToken: string | null;
  isLoggedIn: boolean;
  /**
   * No valid access token yet, but a refresh is under way (the `session.<tenantId>` hint cookie
   * said one could work). Guards show 'Loading...' instead of sending the visitor to /login.
   */
  isPending?: boolean;
  userId?: number | string;
  userUuid?: string;
  payload?: AccessTokenPayload;
};

export const signedOut: Session = { accessToken: null, isLoggedIn: false };

export const tokenNames = ['access', 'id', 'refresh'] as const;

export type TokenName = (typeof tokenNames)[number];

export function tokenCookieName(token: TokenName, tenantId: string) {
  return `${token}.${tenantId}`;
}

/**
 * `session.<tenantId>=1`: set by the server beside the HttpOnly refresh cookie (which scripts
 * cannot see), so the client knows a refresh can be attempted without a pointless 401.
 */
export function sessionHintCookieName(tenantId: string) {
  return `session.${tenantId}`;
}

export function hasSessionHint(tenantId: string): boolean {
  return readCookie(sessionHintCookieName(tenantId)) !== null;
}

export type CookieAttributes = {
  path?: string;
  domain?: string;
  expires?: Date;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
};

export function writeCookie(name: string, value: string, attributes: CookieAttributes = {}) {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${attributes.path ?? '/'}`];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.expires) parts.push(`Expires=${attributes.expires.toUTCString()}`);
  if (attributes.sameSite) parts.push(`SameSite=${attributes.sameSite}`);
  if (attributes.secure) parts.push('Secure');
  document.cookie = parts.join('; ');
}

/**
 * Domains a cookie for this page may have been set on: host-only (no Domain attribute), the host
 * itself and each parent domain, with and without a leading dot (`a.b.example.com`, `.a.b.example.com`,
 * `b.example.com`, ... `.example.com`). Never a bare top-level domain; IPs and single labels
 * (localhost) only host-only and as themselves.
 */
export function cookieDomainsFor(hostname: string): (string | undefined)[] {
  const domains: (string | undefined)[] = [undefined];
  if (!hostname) return domains;
  const isIp = /^[\d.]+$/.test(hostname) || hostname.includes(':');
  const labels = hostname.split('.');
  if (isIp || labels.length < 2) return [undefined, hostname];
  for (let i = 0; i < labels.length - 1; i++) {
    const domain = labels.slice(i).join('.');
    domains.push(domain, `.${domain}`);
  }
  return domains;
}

/**
 * Expires `name` for every path and domain it may carry: a browser only replaces a cookie whose
 * path and domain match, and we cannot read those attributes back.
 */
export function removeCookieEverywhere(name: string, paths: readonly string[], hostname: string) {
  for (const path of new Set(paths)) {
    for (const domain of cookieDomainsFor(hostname)) {
      writeCookie(name, '', { path, domain, expires: new Date(0) });
    }
  }
}

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  // Claims such as names may be non-ASCII; atob alone would mangle UTF-8.
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The JWT payload, without verifying the signature: the server verifies every call; the client only
 * needs the expiry and ids. Anything malformed counts as no token (and a fixed log message).
 */
export function decodeJwtPayload(token: string): AccessTokenPayload | null {
  try {
    const segment = token.split('.')[1];
    if (!segment) throw new Error('not a JWT');
    const payload: unknown = JSON.parse(base64UrlDecode(segment));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new Error('payload is not an object');
    }
    return payload as AccessTokenPayload;
  } catch {
    // A fixed log line; the token itself is never logged.
    console.warn('Problem decoding JWT payload');
    return null;
  }
}

/**
 * Roles come from the access token's per-tenant authorization data
 * (`authorization[tenantId].roles`); no token, no roles.
 */
export function tokenHasRole(token: string | null, tenantId: string, role: string): boolean {
  if (!token) return false;
  const payload = decodeOnce(token);
  const authorization = payload?.authorization;
  if (typeof authorization !== 'object' || authorization === null) return false;
  const roles = (authorization as Record<string, { roles?: unknown } | undefined>)[tenantId]?.roles;
  return Array.isArray(roles) && roles.includes(role);
}

/** A token is valid only if its decoded `exp` (seconds) is in the future. */
export function isUnexpired(payload: AccessTokenPayload, now: number = Date.now()): boolean {
  return typeof payload.exp === 'number' && payload.exp * 1000 > now;
}

// useSyncExternalStore reads the snapshot on every render; decode each distinct token once so a
// malformed cookie logs one warning, not one per render.
let lastDecoded: { token: string; payload: AccessTokenPayload | null } | undefined;
function decodeOnce(token: string) {
  if (lastDecoded?.token !== token) lastDecoded = { token, payload: decodeJwtPayload(token) };
  return lastDecoded.payload;
}

/** The access token from the `access.<tenantId>` cookie if present and unexpired, else null. */
export function readAccessToken(tenantId: string, now: number = Date.now()): string | null {
  const token = readCookie(tokenCookieName('access', tenantId));
  if (!token) return null;
  const payload = decodeOnce(token);
  return payload && isUnexpired(payload, now) ? token : null;
}

export function sessionFromToken(token: string | null): Session {
  if (!token) return signedOut;
  const payload = decodeOnce(token);
  if (!payload) return signedOut;
  return {
    accessToken: token,
    isLoggedIn: true,
    userId: payload.userId,
    userUuid: payload.userUuid,
    payload,
  };
}

const SESSION_CHANGE_EVENT = 'teamfilm:session-change';

/** Call after writing or clearing the token cookies so every `useSession()` re-reads them. */
export function notifySessionChange() {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

/** Cookies have no change event: re-read on our own signal and when the tab regains focus (another tab may have signed in or out). */
export function subscribeToSession(onChange: () => void) {
  window.addEventListener(SESSION_CHANGE_EVENT, onChange);
  window.addEventListener('focus', onChange);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    window.removeEventListener(SESSION_CHANGE_EVENT, onChange);
    window.removeEventListener('focus', onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/**
 * Local sign-out: expires the tenant's access, id, refresh and session-hint cookies
 * for the root path, the refresh cookie's path and every domain of this host. The HttpOnly refresh
 * cookie can only be cleared by the server (`GET /auth/logout`); trying costs nothing.
 */
export function clearSessionCookies(
  tenantId: string,
  { refreshPath = '/v0/auth', hostname = window.location.hostname }: { refreshPath?: string; hostname?: string } = {},
) {
  const names = [...tokenNames.map((token) => tokenCookieName(token, tenantId)), sessionHintCookieName(tenantId)];
  for (const name of names) removeCookieEverywhere(name, ['/', refreshPath], hostname);
  notifySessionChange();
}

/** Provided by `SessionProvider` (app) or injected by tests. */
export const SessionContext = createContext<Session>(signedOut);

export function useSession(): Session {
  return useContext(SessionContext);
}
