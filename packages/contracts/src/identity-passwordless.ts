import { z } from 'zod';
import { userDataSchema, usernameSchema } from './identity-api';

/** Request bodies of the passwordless and recovery flows. Unknown fields are stripped. */

const email = z.string().trim().email().max(320);
export const E164 = /^\+[1-9]\d{6,14}$/;
const phoneNumber = z.string().trim().regex(E164, 'Phone number must be in international format, e.g. +15551234567');
const secret = z.string().trim().min(1).max(512);

export const linkRequestBody = z.object({
  email,
  name: z.string().trim().max(200).optional(),
  username: usernameSchema.optional(),
  data: userDataSchema.optional(),
  options: z.record(z.unknown()).optional(),
});

export const linkVerifyBody = z.object({
  token: secret,
  uuid: z.string().trim().min(1).max(64),
});

const channel = z.enum(['email', 'sms'], { errorMap: () => ({ message: 'Invalid channel' }) });

export const codeRequestBody = z.object({ channel, email: email.optional(), phoneNumber: phoneNumber.optional() });

export const codeVerifyBody = z.object({
  channel,
  email: email.optional(),
  phoneNumber: phoneNumber.optional(),
  verificationCode: z.string().trim().regex(/^\d{6}$/, 'Verification code must be 6 digits'),
});

/**
 * sms needs phoneNumber, email needs email. Checked by the handler, not the schema:
 * with a first-factor token the address is not needed (the code goes to the account's own email).
 */
export function missingAddress(v: { channel: 'email' | 'sms'; email?: string | undefined; phoneNumber?: string | undefined }): string | undefined {
  if (v.channel === 'email' && !v.email) return 'body.email: Required for the email channel';
  if (v.channel === 'sms' && !v.phoneNumber) return 'body.phoneNumber: Required for the sms channel';
  return undefined;
}

export const resetLinkBody = z.object({ email });

export const resetBody = z.object({
  uuid: z.string().trim().min(1).max(64),
  token: secret,
  // Lengths are checked again by the password policy with its own messages; this bound only stops abuse.
  password: z.string().min(1).max(1024),
});
