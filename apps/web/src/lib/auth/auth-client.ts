import {
  messageSentResponse,
  mfaRequiredResponse,
  modeResponse,
  okResponse,
  pkceRequiredResponse,
  signInResponse,
  type AuthFactor,
  type AuthMode,
  type MessageSentResponse,
  type MfaRequiredResponse,
  type ModeResponse,
  type OkResponse,
  type PkceRequiredResponse,
  type SignInResponse,
  type SignInTokens,
} from '@app/contracts/identity-responses';
import { z, type ZodType, type ZodTypeDef } from 'zod';

import { ApiError, createApiClient, type ApiClient, type RequestOptions } from '@/lib/api-client';
import { detectMode } from '@/lib/auth/mode';
import { clearPkceChallenge, readPkceChallenge, setupPkce } from '@/lib/auth/pkce';
import { redirectQueryParam, safeRedirectPath } from '@/lib/auth/redirect';
import {
  clearSessionCookies,
  decodeJwtPayload,
  hasSessionHint,
  isUnexpired,
  notifySessionChange,
  readAccessToken,
  readCookie,
  removeCookieEverywhere,
  sessionHintCookieName,
  tokenCookieName,
  tokenHasRole,
  writeCookie,
  type TokenName,
} from '@/lib/auth/session';

/**
 * The browser side of sign-in: a client for the identity API (spec sections 3-5, 7 and 8), shaped
 * after @userfront/core so the spec's methods, error texts and after-sign-in order carry over.
 * One instance per tenant (the app's SessionProvider builds it); tests build their own.
 *
 * Tokens live in cookies named `<token>.<tenantId>`: the server sets them, and the client writes the
 * access and id cookies again from the response body (a proxy may strip Set-Cookie). The refresh
 * token is HttpOnly on the server's side and never written from script.
 */

export const socialProviders = ['apple', 'azure', 'facebook', 'github', 'google', 'linkedin', 'okta', 'custom'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export const loginMethods = [
  'password',
  'password-migrate',
  'passwordless',
  'link',
  'totp',
  'verificationCode',
  'saml',
  ...socialProviders,
] as const;
export type LoginMethod = (typeof loginMethods)[number];

export type VerificationChannel = 'email' | 'sms';

/**
 * Where to go after a sign-in: a path or URL, or `false` to stay (the caller navigates itself).
 * Unset: the `redirect` query parameter, else the server's `redirectTo`, else '/'.
 */
export type RedirectOption = string | false | undefined;

type UserFields = { name?: string; username?: string; data?: Record<string, unknown> };

export type LoginOptions =
  | {
      method: 'password' | 'password-migrate';
      emailOrUsername?: string;
      email?: string;
      username?: string;
      password: string;
      options?: { noResetEmail?: boolean };
      redirect?: RedirectOption;
    }
  | ({ method: 'passwordless'; email: string; options?: Record<string, unknown> } & UserFields)
  | { method: 'link'; token?: string | null; uuid?: string | null; redirect?: RedirectOption }
  | {
      method: 'totp';
      totpCode?: string;
      backupCode?: string;
      userId?: number | string;
      userUuid?: string;
      emailOrUsername?: string;
      email?: string;
      username?: string;
      phoneNumber?: string;
      redirect?: RedirectOption;
    }
  | {
      method: 'verificationCode';
      channel: VerificationChannel;
      verificationCode: string;
      email?: string;
      phoneNumber?: string;
      redirect?: RedirectOption;
    }
  | { method: 'saml' }
  | { method: SocialProvider; providerId?: string; redirect?: string };

export type SignupOptions =
  | ({ method: 'password'; email: string; password: string; redirect?: RedirectOption } & UserFields)
  | ({ method: 'passwordless'; email: string; options?: Record<string, unknown> } & UserFields)
  | { method: SocialProvider; providerId?: string; redirect?: string };

/** What a sign-in call led to; the raw server body is in `response`. */
export type AuthResult =
  | { kind: 'signed-in'; response: SignInResponse }
  | { kind: 'mfa-required'; response: MfaRequiredResponse }
  | { kind: 'authorization-code'; response: PkceRequiredResponse }
  | { kind: 'message-sent'; response: MessageSentResponse }
  /** The browser is leaving for a provider (social, SAML). */
  | { kind: 'redirecting'; url: string };

export type TokenState = { name: string; value: string | null };

/** Claims of the id token (spec section 3, identity-token user). */
export type AuthUser = {
  userId?: number | string;
  userUuid?: string;
  tenantId?: string;
  mode?: AuthMode;
  email?: string | null;
  phoneNumber?: string | null;
  username?: string | null;
  name?: string | null;
  image?: string | null;
  data?: Record<string, unknown> | null;
  isMfaRequired?: boolean;
  isConfirmed?: boolean;
  isEmailConfirmed?: boolean;
  isPhoneNumberConfirmed?: boolean;
  confirmedEmailAt?: string | null;
  confirmedPhoneNumberAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
  [claim: string]: unknown;
};

/** Spec section 3, "Authentication client state". */
export type AuthState = {
  user: AuthUser | null;
  tokens: Record<TokenName, TokenState>;
  mode: AuthMode;
  baseUrl: string;
  tenantId: string;
  /** Set by a first-factor (MFA) response; sent as the Bearer token of second-factor calls. */
  firstFactorToken: string | null;
  /** The factor that was accepted before the second one was asked for. */
  firstFactor: AuthFactor | null;
  /** Sign-in methods the tenant offers (from `GET /tenants/{tenantId}/mode`). */
  firstFactors: AuthFactor[];
  /** Second factors the current sign-in may use (from the MFA response). */
  secondFactors: AuthFactor[];
};

export type AuthClientOptions = {
  tenantId: string;
  /** Identity API base, e.g. `/v0/` (from `/api/config`'s `identityBaseUrl`). */
  baseUrl: string;
  /** Initial mode; detected from the page address when unset (spec section 4). */
  mode?: AuthMode;
  fetch?: typeof fetch;
  /** In-app navigation for same-origin paths (the router's); defaults to a full page load. */
  navigate?: (path: string) => void;
  /** Leaves the app (providers, native apps); defaults to `window.location.assign`. */
  assign?: (url: string) => void;
  /** The current address's query string; defaults to `window.location.search`. */
  getSearch?: () => string;
};

const signInOrChallenge = z.record(z.unknown());
/** A call that checks a password or code renews an access token with less than this left first. */
const CREDENTIAL_CALL_MARGIN_MS = 30_000;
const samlTokenResponse = z.object({ token: z.string().min(1) }).passthrough();

/** Joins base and path and collapses duplicate slashes, keeping a scheme's `//` (spec section 7). */
export function joinUrl(base: string, path: string): string {
  return `${base}/${path}`.replace(/([^:/]|^)\/{2,}/g, '$1/');
}

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

function isSocialProvider(method: string): method is SocialProvider {
  return (socialProviders as readonly string[]).includes(method);
}

export function createAuthClient(options: AuthClientOptions) {
  const { tenantId } = options;
  const baseUrl = options.baseUrl || '/v0/';
  const getSearch = options.getSearch ?? (() => window.location.search);
  const assign = options.assign ?? ((url: string) => window.location.assign(url));
  const navigate = options.navigate ?? assign;
  /** Where the server keeps the refresh cookie: `<base path>/auth` (`/v0/auth`). */
  const refreshCookiePath = joinUrl(new URL(baseUrl, window.location.origin).pathname, 'auth').replace(/\/$/, '');

  const listeners = new Set<() => void>();
  let state: AuthState = {
    user: null,
    tokens: {
      access: { name: tokenCookieName('access', tenantId), value: null },
      id: { name: tokenCookieName('id', tenantId), value: null },
      refresh: { name: tokenCookieName('refresh', tenantId), value: null },
    },
    mode: options.mode ?? detectMode(window.location),
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

  // A native app may have opened this page with `?code_challenge=...`.
  setupPkce(getSearch());
  syncFromCookies();

  // Identity calls, no refresh: a 401 here means wrong credentials, not an expired session.
  const publicApi = createApiClient({ fetch: options.fetch });

  function tenantPath(path: string) {
    if (!tenantId) throw new Error('Missing tenantId');
    return `tenants/${encodeURIComponent(tenantId)}/${path}`;
  }

  /** Sign-in calls carry `?code_challenge=` while an unexpired challenge is stored. */
  function withPkce(path: string) {
    const challenge = readPkceChallenge();
    return challenge ? `${path}?code_challenge=${encodeURIComponent(challenge)}` : path;
  }

  async function call<T>(
    api: ApiClient,
    path: string,
    request: Omit<RequestOptions<T>, 'schema'> & { bearer?: string | null; schema: ZodType<T, ZodTypeDef, unknown> },
  ): Promise<T> {
    const { bearer, schema, ...rest } = request;
    const headers = new Headers(rest.headers);
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    try {
      return await api.request(joinUrl(baseUrl, path), { ...rest, headers, schema });
    } catch (error) {
      // Spec section 8: an empty or unreadable answer is 'Problem with request'.
      if (error instanceof ApiError && error.code === 'INVALID_RESPONSE') {
        throw new ApiError(error.statusCode, error.code, 'Problem with request', { cause: error });
      }
      throw error;
    }
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

  function resetMfa() {
    setState({ firstFactorToken: null, firstFactor: null, secondFactors: [] });
  }

  /** Same-origin paths stay in the app; other URLs (a tenant's external page) load in the browser. */
  function goTo(target: string) {
    const path = safeRedirectPath(target);
    if (path) return navigate(path);
    const url = new URL(target, window.location.href);
    if (url.origin === window.location.origin) return navigate(url.pathname + url.search + url.hash);
    assign(url.href);
  }

  /** Spec section 4: MFA challenge, tokens, authorization code, redirect, in that order. */
  async function handleLoginResponse(data: unknown, redirect: RedirectOption): Promise<AuthResult> {
    if (!data || typeof data !== 'object') throw new Error('Problem with request');

    if ('firstFactorToken' in data) {
      const parsed = mfaRequiredResponse.safeParse(data);
      if (!parsed.success) throw new Error('Problem with request');
      const challenge = parsed.data;
      setState({
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
      if (signedIn.mode) setState({ mode: signedIn.mode });
      storeTokens(signedIn.tokens);
      resetMfa();
    }

    if ('authorizationCode' in data) {
      const parsed = pkceRequiredResponse.safeParse(data);
      if (!parsed.success) throw new Error('Problem with request');
      const pkce = parsed.data;
      if (!pkce.redirectTo) throw new Error('Missing PKCE redirect url');
      const url = new URL(pkce.redirectTo, window.location.href);
      url.searchParams.set('authorization_code', pkce.authorizationCode);
      clearPkceChallenge();
      resetMfa();
      assign(url.href);
      return { kind: 'authorization-code', response: pkce };
    }

    if (!signedIn) throw new Error('Problem with request');
    if (redirect !== false && (typeof redirect === 'string' || signedIn.redirectTo !== undefined)) {
      goTo(redirect || redirectQueryParam(getSearch()) || signedIn.redirectTo || '/');
    }
    return { kind: 'signed-in', response: signedIn };
  }

  async function signInCall(path: string, request: Omit<RequestOptions<unknown>, 'schema'> & { bearer?: string | null }, redirect: RedirectOption) {
    const data = await call(publicApi, withPkce(path), { ...request, schema: signInOrChallenge });
    return handleLoginResponse(data, redirect);
  }

  /** `.../auth/{provider}/login?origin=...&redirect=...`: the browser goes there, and comes back to /login with a link token. */
  function getProviderLink({ provider, providerId, redirect }: { provider?: string; providerId?: string; redirect?: string }) {
    if (!provider) throw new Error('Missing provider');
    const params = new URLSearchParams({ origin: window.location.origin });
    if (providerId) params.set('provider_id', providerId);
    const redirectPath = redirect || redirectQueryParam(getSearch());
    if (redirectPath) params.set('redirect', redirectPath);
    return `${joinUrl(baseUrl, tenantPath(`auth/${provider}/login`))}?${params}`;
  }

  function providerSignIn(provider: SocialProvider, providerId: string | undefined, redirect: string | undefined): AuthResult {
    if (provider === 'custom' && !providerId) throw new Error('Missing providerId');
    const url = getProviderLink({ provider, providerId, redirect });
    assign(url);
    return { kind: 'redirecting', url };
  }

  function linkCredentials(token?: string | null, uuid?: string | null) {
    const params = new URLSearchParams(getSearch());
    const credentials = { token: token || params.get('token'), uuid: uuid || params.get('uuid') };
    if (!credentials.token || !credentials.uuid) throw new Error('Missing token or uuid');
    return credentials as { token: string; uuid: string };
  }

  function assertChannel(channel: unknown): asserts channel is VerificationChannel {
    if (channel !== 'email' && channel !== 'sms') throw new Error('Invalid channel');
  }

  async function sendLoginLink(email: string, fields: UserFields & { options?: Record<string, unknown> } = {}): Promise<MessageSentResponse> {
    return call(publicApi, tenantPath('auth/link'), {
      method: 'POST',
      body: { email, ...fields },
      schema: messageSentResponse,
    });
  }

  async function login(options: LoginOptions): Promise<AuthResult> {
    if (!options?.method) throw new Error('Userfront.login called without method property');
    switch (options.method) {
      case 'password':
      case 'password-migrate': {
        const path = options.method === 'password' ? 'auth/basic' : 'auth/password/migrate';
        const body: Record<string, unknown> = {
          emailOrUsername: options.emailOrUsername || options.email || options.username,
          password: options.password,
        };
        if (options.options) body.options = options.options;
        return signInCall(tenantPath(path), { method: 'POST', body }, options.redirect);
      }
      case 'passwordless': {
        const { method: _method, email, ...fields } = options;
        return { kind: 'message-sent', response: await sendLoginLink(email, fields) };
      }
      case 'link': {
        const credentials = linkCredentials(options.token, options.uuid);
        return signInCall(tenantPath('auth/link'), { method: 'PUT', body: credentials }, options.redirect);
      }
      case 'totp': {
        const { method: _method, redirect, ...fields } = options;
        const body = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''));
        return signInCall(tenantPath('auth/totp'), { method: 'POST', body, bearer: state.firstFactorToken }, redirect);
      }
      case 'verificationCode': {
        assertChannel(options.channel);
        const body: Record<string, unknown> = { channel: options.channel, verificationCode: options.verificationCode };
        if (options.channel === 'email' && options.email) body.email = options.email;
        if (options.channel === 'sms' && options.phoneNumber) body.phoneNumber = options.phoneNumber;
        return signInCall(tenantPath('auth/code'), { method: 'PUT', body, bearer: state.firstFactorToken }, options.redirect);
      }
      case 'saml': {
        const access = readAccessToken(tenantId);
        if (!access) throw new Error('Problem with request');
        const { token } = await call(publicApi, 'auth/saml/idp/token', { bearer: access, schema: samlTokenResponse });
        const params = new URLSearchParams({ tenant_id: tenantId, token, uuid: String(state.user?.userUuid ?? '') });
        const url = `${joinUrl(baseUrl, 'auth/saml/idp/login')}?${params}`;
        assign(url);
        return { kind: 'redirecting', url };
      }
      default: {
        const method: string = (options as { method: string }).method;
        if (isSocialProvider(method)) {
          const social = options as { providerId?: string; redirect?: string };
          return providerSignIn(method, social.providerId, social.redirect);
        }
        throw new Error('invalid method property');
      }
    }
  }

  async function signup(options: SignupOptions): Promise<AuthResult> {
    if (!options?.method) throw new Error('Userfront.signup called without method property');
    if (options.method === 'password') {
      const { method: _method, redirect, ...body } = options;
      return signInCall(tenantPath('auth/create'), { method: 'POST', body }, redirect);
    }
    if (options.method === 'passwordless') {
      const { method: _method, email, ...fields } = options;
      return { kind: 'message-sent', response: await sendLoginLink(email, fields) };
    }
    if (isSocialProvider(options.method)) return providerSignIn(options.method, options.providerId, options.redirect);
    throw new Error('invalid method property');
  }

  async function sendVerificationCode({
    channel,
    email,
    phoneNumber,
    ...fields
  }: { channel: VerificationChannel; email?: string; phoneNumber?: string } & UserFields): Promise<MessageSentResponse> {
    assertChannel(channel);
    // As a second factor the first-factor token names the user; otherwise the address is needed.
    const secondFactor = state.firstFactorToken !== null;
    if (channel === 'sms' && !phoneNumber && !secondFactor) throw new Error('SMS verification code requires phoneNumber');
    if (channel === 'email' && !email && !secondFactor) throw new Error('Email verification code requires email');
    const body: Record<string, unknown> = { channel, ...fields };
    if (channel === 'email' && email) body.email = email;
    if (channel === 'sms' && phoneNumber) body.phoneNumber = phoneNumber;
    return call(publicApi, tenantPath('auth/code'), {
      method: 'POST',
      body,
      bearer: state.firstFactorToken,
      schema: messageSentResponse,
    });
  }

  async function sendResetLink(email: string): Promise<MessageSentResponse> {
    return call(publicApi, tenantPath('auth/reset/link'), { method: 'POST', body: { email }, schema: messageSentResponse });
  }

  async function resetPassword({
    token,
    uuid,
    password,
    redirect,
  }: { token?: string | null; uuid?: string | null; password: string; redirect?: RedirectOption }): Promise<AuthResult> {
    const credentials = linkCredentials(token, uuid);
    return signInCall(tenantPath('auth/reset'), { method: 'PUT', body: { ...credentials, password } }, redirect);
  }

  /** Spec section 5: with the signed-in user's JWT (needs the existing password), or with the emailed link's token and uuid. */
  async function updatePassword(options: {
    method?: 'jwt' | 'link';
    password: string;
    existingPassword?: string;
    token?: string | null;
    uuid?: string | null;
    redirect?: RedirectOption;
  }): Promise<OkResponse | AuthResult> {
    const { method, password, existingPassword, token, uuid, redirect } = options;
    if (method === 'link' || (!method && (token || uuid))) return resetPassword({ token, uuid, password, redirect });
    const access = readAccessToken(tenantId);
    if (method === 'jwt' || access) {
      if (!access) throw new Error('updatePassword() was called without a JWT access token');
      return credentialRequest(tenantPath('auth/basic'), {
        method: 'PUT',
        body: { password, existingPassword },
        schema: okResponse,
      });
    }
    throw new Error('updatePassword() was called without a JWT access token, or the token and uuid from the link');
  }

  let refreshing: Promise<boolean> | null = null;

  async function refreshNow(staleToken: string | null): Promise<boolean> {
    // Another tab may have refreshed while this one waited for the lock: use its token (rotating
    // twice would present a spent refresh token, which the server treats as theft).
    const current = readAccessToken(tenantId);
    if (current && current !== staleToken) {
      syncFromCookies();
      return true;
    }
    if (!hasSessionHint(tenantId)) return false;
    try {
      const response = await call(publicApi, 'auth/refresh', { schema: signInResponse });
      if (response.mode) setState({ mode: response.mode });
      storeTokens(response.tokens);
      return true;
    } catch (error) {
      // Spec section 8: a failed refresh is only a warning.
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
    fetch: options.fetch,
    getAccessToken: () => readAccessToken(tenantId),
    refresh: (rejected) => refresh({ staleToken: rejected }),
  });

  /** Identity calls that check a password or code: never repeated (a retry would count as a second attempt). */
  const credentialApi = createApiClient({ fetch: options.fetch, getAccessToken: () => readAccessToken(tenantId) });

  /**
   * A signed-in call that checks a password or code. The server answers a wrong one with 401, the
   * same as an expired token, so instead of refreshing after a 401 the token is renewed before the
   * call when it is about to expire, and the call is made once.
   */
  async function credentialRequest<T>(
    path: string,
    request: Omit<RequestOptions<T>, 'schema'> & { schema: ZodType<T, ZodTypeDef, unknown> },
  ): Promise<T> {
    const token = readAccessToken(tenantId);
    const exp = token ? decodeJwtPayload(token)?.exp : undefined;
    if (!token || typeof exp !== 'number' || exp * 1000 - Date.now() < CREDENTIAL_CALL_MARGIN_MS) {
      await refresh({ staleToken: token });
    }
    return call(credentialApi, path, request);
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

  /** `GET /auth/logout`, then the local session is cleared whatever the answer (spec section 4). */
  async function logout(): Promise<void> {
    // Even an expired access token names the session; the refresh cookie goes along by itself.
    const access = readCookie(state.tokens.access.name);
    try {
      await call(publicApi, 'auth/logout', { bearer: access, schema: z.unknown() });
    } catch (error) {
      console.warn('Could not sign out on the server:', error instanceof Error ? error.message : error);
    } finally {
      clearLocalSession();
    }
  }

  /** Spec section 4 (mode): the server's answer replaces the detected mode; it also lists the tenant's sign-in methods. */
  async function loadMode(): Promise<ModeResponse | undefined> {
    try {
      const response = await call(publicApi, tenantPath('mode'), { schema: modeResponse });
      setState({
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
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    syncFromCookies,
    /** The access token if valid (cookie), else null. */
    getAccessToken: () => readAccessToken(tenantId),
    isLoggedIn() {
      const token = readCookie(state.tokens.access.name);
      const payload = token ? decodeJwtPayload(token) : null;
      return payload !== null && isUnexpired(payload);
    },
    hasRole: (role: string) => tokenHasRole(readAccessToken(tenantId), tenantId, role),
    login,
    signup,
    sendLoginLink,
    sendVerificationCode,
    sendResetLink,
    resetPassword,
    updatePassword,
    refresh,
    logout,
    loadMode,
    resetMfa,
    getProviderLink,
    setupPkce: () => setupPkce(getSearch()),
    /**
     * A signed-in identity call (`self`, `self/sessions`, `auth/totp`, ...), for feature API modules.
     * `path` is relative to the base URL; `tenantPath` puts a path under `tenants/{tenantId}/`.
     */
    request<T>(path: string, request: Omit<RequestOptions<T>, 'schema'> & { schema: ZodType<T, ZodTypeDef, unknown> }) {
      return call(signedInApi, path, request);
    },
    /** Like `request`, for calls that check a password or code (see `credentialRequest`). */
    credentialRequest,
    tenantPath,
  };
}

export type AuthClient = ReturnType<typeof createAuthClient>;
