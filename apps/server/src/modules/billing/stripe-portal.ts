export const STRIPE_PORTAL_ENDPOINT = 'https://api.stripe.com/v1/billing_portal/sessions';

export interface PortalRequest {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: string };
}

/** The Stripe API call that creates a customer portal session (form-encoded, secret key as Bearer). */
export function buildPortalRequest(secretKey: string, customerId: string, returnUrl: string): PortalRequest {
  return {
    url: STRIPE_PORTAL_ENDPOINT,
    init: {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ customer: customerId, return_url: returnUrl }).toString(),
    },
  };
}

/**
 * Creates a portal session and returns its URL. Not exercised against the real API here (no network
 * in tests): the request is unit-tested and the route test uses a fake `fetch`.
 */
export async function createPortalSession(
  fetchImpl: typeof fetch,
  secretKey: string,
  customerId: string,
  returnUrl: string,
): Promise<string> {
  const { url, init } = buildPortalRequest(secretKey, customerId, returnUrl);
  const res = await fetchImpl(url, init);
  const body = (await res.json().catch(() => ({}))) as { url?: unknown; error?: { message?: unknown } };
  if (!res.ok || typeof body.url !== 'string') {
    const detail = typeof body.error?.message === 'string' ? body.error.message : `HTTP ${res.status}`;
    throw new Error(`Stripe billing portal session failed: ${detail}`);
  }
  return body.url;
}
