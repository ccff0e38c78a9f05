import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's recommended tolerance between the signed timestamp and now. */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

export type SignatureCheck = { ok: true } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

/** `hex(HMAC-SHA256(secret, "${t}.${rawBody}"))`, Stripe's v1 scheme. */
export function stripeV1Signature(secret: string, timestamp: number | string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** A `Stripe-Signature` header value for `rawBody` (tests, local tooling). */
export function stripeSignatureHeader(secret: string, rawBody: Buffer | string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${stripeV1Signature(secret, timestamp, rawBody)}`;
}

/**
 * Verifies `Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>...][,v0=...]` over the raw body: any v1
 * signature may match (Stripe sends several while a secret rolls), compared in constant time, and the
 * timestamp must be within the tolerance either way (stale or forged-future events are refused).
 */
export function verifyStripeSignature(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  nowMs = Date.now(),
  toleranceS = STRIPE_SIGNATURE_TOLERANCE_S,
): SignatureCheck {
  if (!header || !secret) return { ok: false, reason: 'malformed' };
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(stripeV1Signature(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((sig) => {
    if (!/^[0-9a-f]{64}$/i.test(sig)) return false;
    return timingSafeEqual(Buffer.from(sig, 'hex'), expected);
  });
  if (!matches) return { ok: false, reason: 'mismatch' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > toleranceS) return { ok: false, reason: 'stale' };
  return { ok: true };
}
