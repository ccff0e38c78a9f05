import { z } from 'zod';
import { MAX_SERIAL_ID } from './bounds';

/** Request bodies of the multi-factor, PKCE and SAML-token calls of the identity API. */

const totpCode = z.string().trim().regex(/^\d{6}$/, 'The code must be 6 digits');
const backupCode = z.string().trim().min(1).max(40);

/**
 * POST /tenants/{tenantId}/auth/totp: `totpCode` or `backupCode`, plus, without a Bearer token (TOTP as
 * the first factor), one identifier of the account.
 */
export const totpSignInBody = z
  .object({
    totpCode: totpCode.optional(),
    backupCode: backupCode.optional(),
    userId: z.coerce.number().int().positive().max(MAX_SERIAL_ID, `Must be at most ${MAX_SERIAL_ID}`).optional(),
    userUuid: z.string().trim().max(40).optional(),
    email: z.string().trim().max(320).optional(),
    username: z.string().trim().max(50).optional(),
    phoneNumber: z.string().trim().max(20).optional(),
  })
  .refine((v) => v.totpCode !== undefined || v.backupCode !== undefined, { message: 'A totpCode or a backupCode is required' });

/** DELETE /auth/totp: a current code or a backup code proves the user still holds the factor. */
export const totpDisableBody = z
  .object({ totpCode: totpCode.optional(), backupCode: backupCode.optional() })
  .refine((v) => v.totpCode !== undefined || v.backupCode !== undefined, { message: 'A totpCode or a backupCode is required' });

/** POST /tenants/{tenantId}/auth/token: the PKCE exchange. The verifier's format is checked after the code is spent. */
export const pkceTokenBody = z.object({
  authorizationCode: z.string().trim().min(1).max(200),
  codeVerifier: z.string().max(1000),
});

/** `GET /v0/auth/saml/idp/token`: a 5-minute, single-use hand-off token for the SAML IdP. */
export const samlTokenResponse = z.object({ token: z.string() });
