import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code with uniform digits (no modulo bias: randomInt rejects). */
export function randomDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** Tokens are high-entropy, so a plain SHA-256 is enough to store them without keeping them. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
