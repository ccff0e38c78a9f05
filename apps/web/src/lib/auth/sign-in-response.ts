import { mfaRequiredResponse, pkceRequiredResponse, signInResponse, type SignInResponse } from '@app/contracts/identity-responses';

import type { AuthResult, RedirectOption } from '@/lib/auth/auth-types';
import { clearPkceChallenge } from '@/lib/auth/pkce';
import { redirectQueryParam, safeRedirectPath } from '@/lib/auth/redirect';
import type { TokenStore } from '@/lib/auth/token-store';

/**
 * What happens after the server answered a sign-in call, in this order: a multi-factor
 * challenge (kept in the state for the second-factor call), tokens, a native app's authorization
 * code, the redirect.
 */
export function createSignInResponseHandler({
  store,
  getSearch,
  navigate,
  assign,
}: {
  store: TokenStore;
  getSearch: () => string;
  navigate: (path: string) => void;
  assign: (url: string) => void;
}) {
  /** Same-origin paths stay in the app; other URLs (a tenant's external page) load in the browser. */
  function goTo(target: string) {
    const path = safeRedirectPath(target);
    if (path) return navigate(path);
    const url = new URL(target, window.location.href);
    if (url.origin === window.location.origin) return navigate(url.pathname + url.search + url.hash);
    assign(url.href);
  }

  return async function handleLoginResponse(data: unknown, redirect: RedirectOption): Promise<AuthResult> {
    if (!data || typeof data !== 'object') throw new Error('Problem with request');

    if ('firstFactorToken' in data) {
      const parsed = mfaRequiredResponse.safeParse(data);
      if (!parsed.success) throw new Error('Problem with request');
      const challenge = parsed.data;
      store.setState({
        firstFactorToken: challenge.firstFactorToken,
        firstFactor: challenge.authentication.firstFactor ?? null,
        secondFactors: challenge.authentication.secondFactors,
        ...(challenge.mode ? { mode: challenge.mode } : {}),
      });
      return { kind: 'mfa-required', response: challenge };
    }

    let signedIn: SignInResponse | undefined;
    if ('tokens' in data) {
      const parsed = signInResponse.safeParse(data);
      if (!parsed.success) throw new Error('Problem with request');
      signedIn = parsed.data;
      if (signedIn.mode) store.setState({ mode: signedIn.mode });
      store.storeTokens(signedIn.tokens);
      store.resetMfa();
    }

    if ('authorizationCode' in data) {
      const parsed = pkceRequiredResponse.safeParse(data);
      if (!parsed.success) throw new Error('Problem with request');
      const pkce = parsed.data;
      if (!pkce.redirectTo) throw new Error('Missing PKCE redirect url');
      const url = new URL(pkce.redirectTo, window.location.href);
      url.searchParams.set('authorization_code', pkce.authorizationCode);
      clearPkceChallenge();
      store.resetMfa();
      assign(url.href);
      return { kind: 'authorization-code', response: pkce };
    }

    if (!signedIn) throw new Error('Problem with request');
    if (redirect !== false && (typeof redirect === 'string' || signedIn.redirectTo !== undefined)) {
      goTo(redirect || redirectQueryParam(getSearch()) || signedIn.redirectTo || '/');
    }
    return { kind: 'signed-in', response: signedIn };
  };
}
