import { z } from 'zod';

/**
 * Response bodies of the identity API (shaped like Userfront core's), as the web client
 * reads them. Every field is declared: the server sends only declared fields (its serializer is
 * compiled from these), and the client keeps only those. A field the server adds goes here first.
 */

export const authMode = z.enum(['test', 'live']);
export type AuthMode = z.infer<typeof authMode>;

/** A sign-in factor: `{ channel: 'email', strategy: 'password' | 'link' | 'google' | ... }` (`providerId`: a custom OIDC provider). */
export const authFactor = z.object({ channel: z.string(), strategy: z.string(), providerId: z.string().optional() });
export type AuthFactor = z.infer<typeof authFactor>;

const issuedToken = z
  .object({
    value: z.string().min(1),
    /** Optional cookie attributes for a client that writes the cookie itself (`expires` in days or a date). */
    cookieOptions: z.record(z.unknown()).optional(),
  });

export const signInTokens = z.object({ access: issuedToken, id: issuedToken, refresh: issuedToken.optional() });
export type SignInTokens = z.infer<typeof signInTokens>;

/** A completed sign-in (also the body of `GET /auth/refresh`). Never carries `firstFactorToken`. */
export const signInResponse = z
  .object({
    tokens: signInTokens,
    redirectTo: z.string().optional(),
    mode: authMode.optional(),
    sessionId: z.union([z.string(), z.number()]).optional(),
    message: z.string().optional(),
  });
export type SignInResponse = z.infer<typeof signInResponse>;

/** First factor accepted; a second factor is needed, sent with `Authorization: Bearer <firstFactorToken>`. */
export const mfaRequiredResponse = z
  .object({
    firstFactorToken: z.string().min(1),
    isMfaRequired: z.boolean().optional(),
    mode: authMode.optional(),
    message: z.string().optional(),
    authentication: z
      .object({
        firstFactor: authFactor.optional(),
        secondFactors: z.array(authFactor).default([]),
      })
      .default({}),
  });
export type MfaRequiredResponse = z.infer<typeof mfaRequiredResponse>;

/** Native clients (PKCE): the browser hands the code to `redirectTo` as `authorization_code`. */
export const pkceRequiredResponse = z
  .object({
    authorizationCode: z.string().min(1),
    redirectTo: z.string().optional(),
    message: z.string().optional(),
  });
export type PkceRequiredResponse = z.infer<typeof pkceRequiredResponse>;

/** `GET /tenants/{tenantId}/mode`. */
export const modeResponse = z
  .object({
    mode: authMode.optional(),
    authentication: z
      .object({
        firstFactors: z.array(authFactor).default([]),
        secondFactors: z.array(authFactor).default([]),
      })
      .optional(),
  });
export type ModeResponse = z.infer<typeof modeResponse>;

/** `{ message: 'OK', result: { email | phoneNumber, submittedAt, messageId } }`: a link or code was sent. */
export const messageSentResponse = z
  .object({
    message: z.string(),
    result: z
      .object({
        email: z.string().optional(),
        phoneNumber: z.string().optional(),
        submittedAt: z.string().optional(),
        messageId: z.string().optional(),
      })
      .optional(),
  });
export type MessageSentResponse = z.infer<typeof messageSentResponse>;

export const okResponse = z.object({ message: z.string() });
export type OkResponse = z.infer<typeof okResponse>;

/** `POST /tenants/{tenantId}/auth/totp` by a signed-in user: the enrolment is confirmed. */
export const totpEnabledResponse = z.object({ message: z.string(), isMfaRequired: z.boolean() });

/** What a sign-in call answers: signed in, a second factor needed, or (native clients) a PKCE code. */
export const signInResult = z.union([signInResponse, mfaRequiredResponse, pkceRequiredResponse]);

/** `GET /tenants/{tenantId}/jwks.json`: the tenant's public signing keys (current and retired). */
export const jwksResponse = z.object({ keys: z.array(z.record(z.unknown())) });
