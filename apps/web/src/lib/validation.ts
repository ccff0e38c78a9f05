import { usernameSchema } from '@app/contracts/identity-api';
import { z, type ZodTypeAny } from 'zod';

/**
 * Form field rules. Messages are zod's defaults where the product has no text of its own ('Required',
 * 'Invalid email', 'String must contain at least 8 character(s)', ...). An empty input counts as
 * missing, so it reads 'Required' rather than a length or format message.
 */
export function required<T extends ZodTypeAny>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);
}

export const emailField = required(z.string().trim().email());

/** Sign-in: any stored password is accepted as typed (older accounts may predate the rules). */
export const currentPasswordField = required(z.string());

/**
 * New passwords: 8 to 128 characters, no composition rules (the server refuses common ones). The
 * product has no password message; zod's 'String must contain at least 8 character(s)' reads as code.
 */
export const newPasswordField = required(
  z.string().min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters'),
);

/** At least 3, letters, digits, dash, underscore and plus only (shared with the server). */
export const usernameField = required(usernameSchema);

export const PASSWORDS_DIFFER = 'Passwords do not match';

/** A new password typed twice. */
export const newPasswordPair = z
  .object({ password: newPasswordField, confirmPassword: required(z.string()) })
  .refine((values) => values.password === values.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

/** A 6-digit authenticator code; spaces (as apps show them, "123 456") are ignored. */
export const totpCodeField = required(
  z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code')),
);

export const backupCodeField = required(z.string().trim());
export const verificationCodeField = required(z.string().trim().transform((value) => value.replace(/\s+/g, '')));
