import { z } from 'zod';

/**
 * Response bodies of the signed-in account calls of the identity API (`/self`, `/self/sessions`,
 * `/auth/totp`, `/auth/logout/others`). Apart from the sign-in bodies (`identity-responses.ts`) so
 * the sign-in page does not carry them. Every field is declared (the server sends only those).
 */

/** `POST /auth/logout/others`. */
export const logoutOthersResponse = z.object({ message: z.string(), revoked: z.number().int() });
export type LogoutOthersResponse = z.infer<typeof logoutOthersResponse>;

/** `GET /auth/totp`: starts enrolment; nothing is active until a code confirms it. */
export const totpEnrolmentResponse = z
  .object({
    totpSecret: z.string().min(1),
    /** `data:image/png;base64,...` */
    qrCode: z.string().optional(),
    backupCodes: z.array(z.string()).default([]),
  });
export type TotpEnrolmentResponse = z.infer<typeof totpEnrolmentResponse>;

/** `GET /self`, `PUT /self`. */
export const selfResponse = z
  .object({
    userId: z.union([z.number(), z.string()]),
    userUuid: z.string().optional(),
    tenantId: z.string().optional(),
    email: z.string().nullish(),
    username: z.string().nullish(),
    name: z.string().nullish(),
    image: z.string().nullish(),
    phoneNumber: z.string().nullish(),
    data: z.record(z.unknown()).nullish(),
    isMfaRequired: z.boolean().default(false),
    isEmailConfirmed: z.boolean().optional(),
    isPhoneNumberConfirmed: z.boolean().optional(),
    confirmedEmailAt: z.string().nullish(),
    confirmedPhoneNumberAt: z.string().nullish(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    tenant: z.object({ tenantId: z.string(), name: z.string().optional(), loginRedirectPath: z.string().nullish() }).optional(),
  });
export type SelfResponse = z.infer<typeof selfResponse>;

/** `GET /self/sessions`. */
export const sessionsResponse = z
  .object({
    sessions: z.array(
      z
        .object({
          sessionId: z.union([z.string(), z.number()]),
          createdAt: z.string(),
          lastUsedAt: z.string().nullish(),
          userAgent: z.string().nullish(),
          ip: z.string().nullish(),
          current: z.boolean().default(false),
        }),
    ),
  });
export type SessionsResponse = z.infer<typeof sessionsResponse>;
export type SessionInfo = SessionsResponse['sessions'][number];
