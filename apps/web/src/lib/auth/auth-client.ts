import { modeResponse, type ModeResponse } from '@app/contracts/identity-responses';
import { z, type ZodType, type ZodTypeDef } from 'zod';

import { createApiClient, type RequestOptions } from '@/lib/api-client';
import type { AuthClientOptions } from '@/lib/auth/auth-types';
import { createIdentityCall, joinUrl } from '@/lib/auth/identity-call';
import { detectMode } from '@/lib/auth/mode';
import { setupPkce } from '@/lib/auth/pkce';
import { decodeJwtPayload, isUnexpired, readAccessToken, readCookie, tokenHasRole } from '@/lib/auth/session';
import { createSessionRenewal } from '@/lib/auth/session-renewal';
import { createSignInCalls } from '@/lib/auth/sign-in-calls';
import { createSignInResponseHandler } from '@/lib/auth/sign-in-response';
import { createSocialSignIn } from '@/lib/auth/social-sign-in';
import { createTokenStore } from '@/lib/auth/token-store';

/**
 * The browser side of sign-in: a client for the identity API, shaped
 * after @userfront/core so its methods, error texts and after-sign-in order carry over.
 * One instance per tenant (the app's SessionProvider builds it); tests build their own.
 *
 * This file wires the parts together: the state and token cookies (token-store), the identity
 * calls (identity-call), session refresh (session-renewal), the sign-in calls (sign-in-calls),
 * what follows a sign-in answer, MFA included (sign-in-response), and social sign-in.
 */
export function createAuthClient(options: AuthClientOptions) {
  const { tenantId } = options;
  const baseUrl = options.baseUrl || '/v0/';
  const getSearch = options.getSearch ?? (() => window.location.search);
  const assign = options.assign ?? ((url: string) => window.location.assign(url));
  const navigate = options.navigate ?? assign;
  /** Where the server keeps the refresh cookie: `<base path>/auth` (`/v0/auth`). */
  const refreshCookiePath = joinUrl(new URL(baseUrl, window.location.origin).pathname, 'auth').replace(/\/$/, '');

  const store = createTokenStore({ tenantId, baseUrl, mode: options.mode ?? detectMode(window.location), refreshCookiePath });

  // A native app may have opened this page with `?code_challenge=...`.
  setupPkce(getSearch());
  store.syncFromCookies();

  // Identity calls, no refresh: a 401 here means wrong credentials, not an expired session.
  const publicApi = createApiClient({ fetch: options.fetch });
  const { call, tenantPath } = createIdentityCall(baseUrl, tenantId);
  const renewal = createSessionRenewal({ tenantId, store, call, publicApi, fetch: options.fetch });
  const social = createSocialSignIn({ baseUrl, tenantPath, getSearch, assign });
  const signIn = createSignInCalls({
    tenantId,
    baseUrl,
    store,
    call,
    publicApi,
    tenantPath,
    getSearch,
    assign,
    handleLoginResponse: createSignInResponseHandler({ store, getSearch, navigate, assign }),
    providerSignIn: social.providerSignIn,
    credentialRequest: renewal.credentialRequest,
  });

  /** `GET /auth/logout`, then the local session is cleared whatever the answer. */
  async function logout(): Promise<void> {
    // The server needs the Bearer access token (a cookie alone could come from any <img>); after a
    // long idle the token is gone, so the call refreshes once and retries like other signed-in calls.
    try {
      await renewal.signedInRequest('auth/logout', { schema: z.unknown() });
    } catch (error) {
      console.warn('Could not sign out on the server:', error instanceof Error ? error.message : error);
    } finally {
      store.clearLocalSession();
    }
  }

  /** The server's answer replaces the detected mode; it also lists the tenant's sign-in methods. */
  async function loadMode(): Promise<ModeResponse | undefined> {
    try {
      const response = await call(publicApi, tenantPath('mode'), { schema: modeResponse });
      store.setState({
        mode: response.mode ?? 'test',
        firstFactors: response.authentication?.firstFactors ?? [],
      });
      return response;
    } catch (error) {
      console.warn('Could not load the sign-in methods:', error instanceof Error ? error.message : error);
      return undefined;
    }
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    syncFromCookies: store.syncFromCookies,
    /** The access token if valid (cookie), else null. */
    getAccessToken: () => readAccessToken(tenantId),
    isLoggedIn() {
      const token = readCookie(store.getState().tokens.access.name);
      const payload = token ? decodeJwtPayload(token) : null;
      return payload !== null && isUnexpired(payload);
    },
    hasRole: (role: string) => tokenHasRole(readAccessToken(tenantId), tenantId, role),
    login: signIn.login,
    signup: signIn.signup,
    sendLoginLink: signIn.sendLoginLink,
    sendVerificationCode: signIn.sendVerificationCode,
    sendResetLink: signIn.sendResetLink,
    resetPassword: signIn.resetPassword,
    updatePassword: signIn.updatePassword,
    refresh: renewal.refresh,
    logout,
    loadMode,
    resetMfa: store.resetMfa,
    getProviderLink: social.getProviderLink,
    setupPkce: () => setupPkce(getSearch()),
    /**
     * A signed-in identity call (`self`, `self/sessions`, `auth/totp`, ...), for feature API modules.
     * `path` is relative to the base URL; `tenantPath` puts a path under `tenants/{tenantId}/`.
     */
    request<T>(path: string, request: Omit<RequestOptions<T>, 'schema'> & { schema: ZodType<T, ZodTypeDef, unknown> }) {
      return renewal.signedInRequest(path, request);
    },
    /** Like `request`, for calls that check a password or code: renewed before, never repeated. */
    credentialRequest: renewal.credentialRequest,
    tenantPath,
  };
}

export type AuthClient = ReturnType<typeof createAuthClient>;
