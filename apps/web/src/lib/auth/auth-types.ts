import type { AuthFactor, AuthMode, MessageSentResponse, MfaRequiredResponse, PkceRequiredResponse, SignInResponse } from '@app/contracts/identity-responses';

import type { TokenName } from '@/lib/auth/session';

/** The types and names of the auth client's public API, shared by its parts and callers. */

export const socialProviders = ['apple', 'azure', 'facebook', 'github', 'google', 'linkedin', 'okta', 'custom'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export type VerificationChannel = 'email' | 'sms';

/**
 * Where to go after a sign-in: a path or URL, or `false` to stay (the caller navigates itself).
 * Unset: the `redirect` query parameter, else the server's `redirectTo`, else '/'.
 */
export type RedirectOption = string | false | undefined;

export type UserFields = { name?: string; username?: string; data?: Record<string, unknown> };

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

/** Claims of the id token: who is signed in. */
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

/** The auth client's state. */
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
  /** Initial mode; detected from the page address when unset. */
  mode?: AuthMode;
  fetch?: typeof fetch;
  /** In-app navigation for same-origin paths (the router's); defaults to a full page load. */
  navigate?: (path: string) => void;
  /** Leaves the app (providers, native apps); defaults to `window.location.assign`. */
  assign?: (url: string) => void;
  /** The current address's query string; defaults to `window.location.search`. */
  getSearch?: () => string;
};
