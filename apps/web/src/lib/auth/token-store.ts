import type { AuthMode, SignInTokens } from '@app/contracts/identity-responses';

import type { AuthState, AuthUser } from '@/lib/auth/auth-types';
import {
  clearSessionCookies,
  decodeJwtPayload,
  notifySessionChange,
  readCookie,
  tokenCookieName,
  writeCookie,
} from '@/lib/auth/session';

function userFromIdToken(token: string | null): AuthUser | null {
  if (!token) return null;
  const payload = decodeJwtPayload(token);
  if (!payload) return null;
  const { iat: _iat, exp: _exp, nbf: _nbf, iss: _iss, aud: _aud, sub: _sub, jti: _jti, ...user } = payload;
  return user as AuthUser;
}

/** Cookie expiry: the server's `cookieOptions.expires` (days or a date), else the token's own `exp`. */
function cookieExpiry(value: string, cookieOptions: Record<string, unknown> | undefined): Date | undefined {
  const expires = cookieOptions?.expires;
  if (typeof expires === 'number') return new Date(Date.now() + expires * 86_400_000);
  if (typeof expires === 'string' && !Number.isNaN(Date.parse(expires))) return new Date(expires);
  const exp = decodeJwtPayload(value)?.exp;
  return typeof exp === 'number' ? new Date(exp * 1000) : undefined;
}

/**
 * The auth client's state and where its tokens live. Tokens are cookies named
 * `<token>.<tenantId>`: the server sets them, and the client writes the access and id cookies again
 * from the response body (a proxy may strip Set-Cookie). The refresh token is HttpOnly on the
 * server's side and never written from script: it is kept in memory only.
 */
export function createTokenStore({
  tenantId,
  baseUrl,
  mode,
  refreshCookiePath,
}: {
  tenantId: string;
  baseUrl: string;
  mode: AuthMode;
  /** Where the server keeps the refresh cookie (`/v0/auth`), so a local sign-out can clear it. */
  refreshCookiePath: string;
}) {
  const listeners = new Set<() => void>();
  let state: AuthState = {
    user: null,
    tokens: {
      access: { name: tokenCookieName('access', tenantId), value: null },
      id: { name: tokenCookieName('id', tenantId), value: null },
      refresh: { name: tokenCookieName('refresh', tenantId), value: null },
    },
    mode,
    baseUrl,
    tenantId,
    firstFactorToken: null,
    firstFactor: null,
    firstFactors: [],
    secondFactors: [],
  };

  function setState(patch: Partial<AuthState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  /** Re-reads the access and id cookies (another tab, or the server, may have changed them). */
  function syncFromCookies() {
    const access = readCookie(state.tokens.access.name);
    const id = readCookie(state.tokens.id.name);
    if (access === state.tokens.access.value && id === state.tokens.id.value) return;
    setState({
      tokens: {
        ...state.tokens,
        access: { ...state.tokens.access, value: access },
        id: { ...state.tokens.id, value: id },
        refresh: access ? state.tokens.refresh : { ...state.tokens.refresh, value: null },
      },
      user: userFromIdToken(id),
    });
  }

  function isSecure() {
    return state.mode === 'live' && window.location.protocol === 'https:';
  }

  /** Step 1 of the after-sign-in order: cookies and in-memory tokens. */
  function storeTokens(tokens: SignInTokens) {
    try {
      for (const name of ['access', 'id'] as const) {
        const token = tokens[name];
        writeCookie(state.tokens[name].name, token.value, {
          path: '/',
          sameSite: 'Lax',
          secure: isSecure(),
          expires: cookieExpiry(token.value, token.cookieOptions),
        });
      }
    } catch (error) {
      throw new Error('Problem setting cookies', { cause: error });
    }
    setState({
      tokens: {
        access: { ...state.tokens.access, value: tokens.access.value },
        id: { ...state.tokens.id, value: tokens.id.value },
        // Memory only: the server keeps the real one in an HttpOnly cookie.
        refresh: { ...state.tokens.refresh, value: tokens.refresh?.value ?? null },
      },
      user: userFromIdToken(tokens.id.value),
    });
    notifySessionChange();
  }

  /** Forgets a pending second factor (after a sign-in, or when the user starts over). */
  function resetMfa() {
    setState({ firstFactorToken: null, firstFactor: null, secondFactors: [] });
  }

  function clearLocalSession() {
    clearSessionCookies(tenantId, { refreshPath: refreshCookiePath });
    setState({
      user: null,
      tokens: {
        access: { ...state.tokens.access, value: null },
        id: { ...state.tokens.id, value: null },
        refresh: { ...state.tokens.refresh, value: null },
      },
      firstFactorToken: null,
      firstFactor: null,
      secondFactors: [],
    });
  }

  return {
    getState: () => state,
    setState,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    syncFromCookies,
    storeTokens,
    resetMfa,
    clearLocalSession,
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
