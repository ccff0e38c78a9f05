import { z } from 'zod';
import { jsonDepthExceeds } from './json-depth';

/** Request bodies of the identity API. Unknown fields are stripped. */

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Name must be at least 3 characters')
  .max(50)
  .regex(/^[A-Za-z0-9_+-]+$/, 'Username can only contain alphanumeric characters, dashes, underscores, and plus signs');

/**
 * Userfront's custom `data` bag is part of the identity-token user: it rides in
 * every id token, in the `id.<tenant>` cookie and in every sign-in body. Browsers keep cookies of at
 * most 4096 bytes; 1 KB of JSON is about 1.4 KB of token, which leaves the rest of the id token
 * (names, e-mail, image URL, dates, signature) room under that limit. Profiles live in /api/user/me.
 */
export const USER_DATA_MAX_BYTES = 1024;
export const USER_DATA_MAX_DEPTH = 5;

export const userDataProblem = (data: unknown): string | undefined => {
  if (jsonDepthExceeds(data, USER_DATA_MAX_DEPTH)) return `May nest at most ${USER_DATA_MAX_DEPTH} levels`;
  if (new TextEncoder().encode(JSON.stringify(data)).length > USER_DATA_MAX_BYTES) return `Must be at most ${USER_DATA_MAX_BYTES} bytes as JSON`;
  return undefined;
};

export const userDataSchema = z.record(z.unknown()).superRefine((data, ctx) => {
  const problem = userDataProblem(data);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
});

// Lengths are checked again by the password policy with its own messages; this bound only stops abuse.
const passwordInput = z.string().min(1).max(1024);

export const signUpBody = z.object({
  email: z.string().trim().email().max(320),
  password: passwordInput,
  username: usernameSchema.optional(),
  name: z.string().trim().max(200).optional(),
  data: userDataSchema.optional(),
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
    data: userDataSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'A user update needs at least one property' });

export const tenantParams = z.object({ tenantId: z.string().min(1).max(40) });
export const signInQuery = z.object({ code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be an S256 challenge').optional() });
