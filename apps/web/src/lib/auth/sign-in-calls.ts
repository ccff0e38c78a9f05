import { messageSentResponse, okResponse, type MessageSentResponse, type OkResponse } from '@app/contracts/identity-responses';
import { z } from 'zod';

import type { ApiClient, RequestOptions } from '@/lib/api-client';
import type {
  AuthResult,
  LoginOptions,
  RedirectOption,
  SignupOptions,
  SocialProvider,
  UserFields,
  VerificationChannel,
} from '@/lib/auth/auth-types';
import { joinUrl, type IdentityCall } from '@/lib/auth/identity-call';
import { readPkceChallenge } from '@/lib/auth/pkce';
import { readAccessToken } from '@/lib/auth/session';
import { isSocialProvider } from '@/lib/auth/social-sign-in';
import type { TokenStore } from '@/lib/auth/token-store';

const signInOrChallenge = z.record(z.unknown());
const samlTokenResponse = z.object({ token: z.string().min(1) }).passthrough();

function assertChannel(channel: unknown): asserts channel is VerificationChannel {
  if (channel !== 'email' && channel !== 'sms') throw new Error('Invalid channel');
}

/**
 * The calls a visitor makes to become signed in: `login` by every
 * method, `signup`, e-mailed links and codes, password reset and change. Their answers go through
 * `handleLoginResponse` (MFA challenge, tokens, authorization code, redirect).
 */
export function createSignInCalls({
  tenantId,
  baseUrl,
  store,
  call,
  publicApi,
  tenantPath,
  getSearch,
  assign,
  handleLoginResponse,
  providerSignIn,
  credentialRequest,
}: {
  tenantId: string;
  baseUrl: string;
  store: TokenStore;
  call: IdentityCall;
  publicApi: ApiClient;
  tenantPath: (path: string) => string;
  getSearch: () => string;
  assign: (url: string) => void;
  handleLoginResponse: (data: unknown, redirect: RedirectOption) => Promise<AuthResult>;
  providerSignIn: (provider: SocialProvider, providerId: string | undefined, redirect: string | undefined) => AuthResult;
  credentialRequest: <T>(path: string, request: Omit<RequestOptions<T>, 'schema'> & { schema: z.ZodType<T, z.ZodTypeDef, unknown> }) => Promise<T>;
}) {
  /** Sign-in calls carry `?code_challenge=` while an unexpired challenge is stored. */
  function withPkce(path: string) {
    const challenge = readPkceChallenge();
    return challenge ? `${path}?code_challenge=${encodeURIComponent(challenge)}` : path;
  }

  async function signInCall(path: string, request: Omit<RequestOptions<unknown>, 'schema'> & { bearer?: string | null }, redirect: RedirectOption) {
    const data = await call(publicApi, withPkce(path), { ...request, schema: signInOrChallenge });
    return handleLoginResponse(data, redirect);
  }

  function linkCredentials(token?: string | null, uuid?: string | null) {
    const params = new URLSearchParams(getSearch());
    const credentials = { token: token || params.get('token'), uuid: uuid || params.get('uuid') };
    if (!credentials.token || !credentials.uuid) throw new Error('Missing token or uuid');
    return credentials as { token: string; uuid: string };
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
    const { firstFactorToken } = store.getState();
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
        return signInCall(tenantPath('auth/totp'), { method: 'POST', body, bearer: firstFactorToken }, redirect);
      }
      case 'verificationCode': {
        assertChannel(options.channel);
        const body: Record<string, unknown> = { channel: options.channel, verificationCode: options.verificationCode };
        if (options.channel === 'email' && options.email) body.email = options.email;
        if (options.channel === 'sms' && options.phoneNumber) body.phoneNumber = options.phoneNumber;
        return signInCall(tenantPath('auth/code'), { method: 'PUT', body, bearer: firstFactorToken }, options.redirect);
      }
      case 'saml': {
        const access = readAccessToken(tenantId);
        if (!access) throw new Error('Problem with request');
        const { token } = await call(publicApi, 'auth/saml/idp/token', { bearer: access, schema: samlTokenResponse });
        const params = new URLSearchParams({ tenant_id: tenantId, token, uuid: String(store.getState().user?.userUuid ?? '') });
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
    const { firstFactorToken } = store.getState();
    // As a second factor the first-factor token names the user; otherwise the address is needed.
    const secondFactor = firstFactorToken !== null;
    if (channel === 'sms' && !phoneNumber && !secondFactor) throw new Error('SMS verification code requires phoneNumber');
    if (channel === 'email' && !email && !secondFactor) throw new Error('Email verification code requires email');
    const body: Record<string, unknown> = { channel, ...fields };
    if (channel === 'email' && email) body.email = email;
    if (channel === 'sms' && phoneNumber) body.phoneNumber = phoneNumber;
    return call(publicApi, tenantPath('auth/code'), {
      method: 'POST',
      body,
      bearer: firstFactorToken,
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

  /** With the signed-in user's JWT (needs the existing password), or with the emailed link's token and uuid. */
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

  return { login, signup, sendLoginLink, sendVerificationCode, sendResetLink, resetPassword, updatePassword };
}
