import { createContext, useContext } from 'react';

/**
 * The signed-in state, read from the identity cookies (spec sections 3-5): tokens live in cookies
 * named `<token>.<tenantId>`, and "logged in" means an access token whose `exp` is in the future.
 * Minimal on purpose: the identity issue adds sign-in, refresh and the full logout on top.
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
  userId?: number | string;
  userUuid?: string;
  payload?: AccessTokenPayload;
};

export const signedOut: Session = { accessToken: null, isLoggedIn: false };

export const tokenNames = ['access', 'id', 'refresh'] as const;

export function tokenCookieName(token: (typeof tokenNames)[number], tenantId: string) {
  return `${token}.${tenantId}`;
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
 * needs the expiry and ids. Anything malformed counts as no token (spec section 8 log message).
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
    // The spec's exact log line (section 8); the token itself is never logged.
    console.warn('Problem decoding JWT payload');
    return null;
  }
}

/** Spec section 5: a token is valid only if its decoded `exp` (seconds) is in the future. */
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
 * Local sign-out: expires the tenant's token cookies on this path. The identity issue extends this
 * with `GET /v0/auth/logout` and the other path/domain combinations of spec section 4.
 */
export function clearSessionCookies(tenantId: string) {
  for (const token of tokenNames) {
    document.cookie = `${tokenCookieName(token, tenantId)}=; Path=/; Max-Age=0; SameSite=Lax`;
  }
  notifySessionChange();
}

/** Provided by `SessionProvider` (app) or injected by tests. */
export const SessionContext = createContext<Session>(signedOut);

export function useSession(): Session {
  return useContext(SessionContext);
}
