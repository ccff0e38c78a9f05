import { z } from 'zod';

/** Request bodies of the identity API (spec section 7). Unknown fields are stripped. */

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Name must be at least 3 characters')
  .max(50)
  .regex(/^[A-Za-z0-9_+-]+$/, 'Username can only contain alphanumeric characters, dashes, underscores, and plus signs');

// Lengths are checked again by the password policy with its own messages; this bound only stops abuse.
const passwordInput = z.string().min(1).max(1024);

export const signUpBody = z.object({
  email: z.string().trim().email().max(320),
  password: passwordInput,
  username: usernameSchema.optional(),
  name: z.string().trim().max(200).optional(),
  data: z.record(z.unknown()).optional(),
});

export const passwordSignInBody = z.object({
  emailOrUsername: z.string().trim().min(1).max(320),
  password: passwordInput,
  options: z.object({ noResetEmail: z.boolean().optional() }).optional(),
});

export const changePasswordBody = z.object({
  password: passwordInput,
  existingPassword: passwordInput,
});

export const selfUpdateBody = z
  .object({
    name: z.string().trim().max(200).optional(),
    username: usernameSchema.optional(),
    image: z.string().url().max(2000).nullable().optional(),
    phoneNumber: z.string().regex(/^\+[1-9]\d{6,14}$/, 'Phone number must be in international format, e.g. +15551234567').nullable().optional(),
    data: z.record(z.unknown()).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'A user update needs at least one property' });

export const tenantParams = z.object({ tenantId: z.string().min(1).max(40) });
export const signInQuery = z.object({ code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be an S256 challenge').optional() });
