import { signInResponse } from '@app/contracts/identity-responses';

import { ApiError, createApiClient, type ApiClient } from '@/lib/api-client';
import type { IdentityCall, IdentityRequest } from '@/lib/auth/identity-call';
import { decodeJwtPayload, hasSessionHint, notifySessionChange, readAccessToken, removeCookieEverywhere, sessionHintCookieName } from '@/lib/auth/session';
import type { TokenStore } from '@/lib/auth/token-store';

/** A call that checks a password or code renews an access token with less than this left first. */
const CREDENTIAL_CALL_MARGIN_MS = 30_000;

type Request<T> = Omit<IdentityRequest<T>, 'bearer'>;

/**
 * Keeping the session alive: `GET /auth/refresh` one at a time (per tab, and across tabs with Web
 * Locks), and the two kinds of signed-in identity calls that depend on it.
 */
export function createSessionRenewal({
  tenantId,
  store,
  call,
  publicApi,
  fetch,
}: {
  tenantId: string;
  store: TokenStore;
  call: IdentityCall;
  /** For `auth/refresh` itself: no Bearer token, no refresh on 401. */
  publicApi: ApiClient;
  fetch?: typeof globalThis.fetch;
}) {
  let refreshing: Promise<boolean> | null = null;

  async function refreshNow(staleToken: string | null): Promise<boolean> {
    // Another tab may have refreshed while this one waited for the lock: use its token (rotating
    // twice would present a spent refresh token, which the server treats as theft).
    const current = readAccessToken(tenantId);
    if (current && current !== staleToken) {
      store.syncFromCookies();
      return true;
    }
    if (!hasSessionHint(tenantId)) return false;
    try {
      const response = await call(publicApi, 'auth/refresh', { schema: signInResponse });
      if (response.mode) store.setState({ mode: response.mode });
      store.storeTokens(response.tokens);
      return true;
    } catch (error) {
      // A failed refresh is only a warning.
      console.warn('Could not refresh the session:', error instanceof Error ? error.message : error);
      if (error instanceof ApiError && error.statusCode === 401) {
        // The session is over: drop the hint so no page keeps retrying.
        removeCookieEverywhere(sessionHintCookieName(tenantId), ['/'], window.location.hostname);
        notifySessionChange();
      }
      return false;
    }
  }

  /**
   * `GET /auth/refresh` with the HttpOnly refresh cookie. One at a time per tab, and across tabs
   * through the Web Locks API where available. `staleToken` is the access token the caller found
   * wanting (refused or about to expire); a different valid token in the cookie means done.
   */
  function refresh({ staleToken = readAccessToken(tenantId) }: { staleToken?: string | null } = {}): Promise<boolean> {
    refreshing ??= (async () => {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) return refreshNow(staleToken);
      return locks.request(`teamfilm-refresh-${tenantId}`, () => refreshNow(staleToken));
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Identity calls as the signed-in user: Bearer access token, one refresh and retry on 401. */
  const signedInApi = createApiClient({
    fetch,
    getAccessToken: () => readAccessToken(tenantId),
    refresh: (rejected) => refresh({ staleToken: rejected }),
  });

  /** Identity calls that check a password or code: never repeated (a retry would count as a second attempt). */
  const credentialApi = createApiClient({ fetch, getAccessToken: () => readAccessToken(tenantId) });

  /**
   * A signed-in call that checks a password or code. The server answers a wrong one with 401, the
   * same as an expired token, so instead of refreshing after a 401 the token is renewed before the
   * call when it is about to expire, and the call is made once.
   */
  async function credentialRequest<T>(path: string, request: Request<T>): Promise<T> {
    const token = readAccessToken(tenantId);
    const exp = token ? decodeJwtPayload(token)?.exp : undefined;
    if (!token || typeof exp !== 'number' || exp * 1000 - Date.now() < CREDENTIAL_CALL_MARGIN_MS) {
      await refresh({ staleToken: token });
    }
    return call(credentialApi, path, request);
  }

  /** A signed-in identity call (`self`, `self/sessions`, `auth/totp`, ...). */
  function signedInRequest<T>(path: string, request: Request<T>): Promise<T> {
    return call(signedInApi, path, request);
  }

  return { refresh, credentialRequest, signedInRequest };
}
