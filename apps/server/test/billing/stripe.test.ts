import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadBillingConfig } from '../../src/config/billing';
import { buildPortalRequest, createPortalSession, STRIPE_PORTAL_ENDPOINT } from '../../src/modules/billing/stripe-portal';
import { stripeSignatureHeader, stripeV1Signature, verifyStripeSignature } from '../../src/modules/billing/stripe-signature';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { account, count, createBillingApp } from './helpers';

const SECRET = 'whsec_test_secret';
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICING_TABLE_TEAM: 'prctbl_team',
  STRIPE_PRICING_TABLE_ATHLETE: 'prctbl_athlete',
  STRIPE_PRICING_TABLE_FAN: 'prctbl_fan',
  STRIPE_PRICE_TYPES: 'price_team=team,price_athlete=athlete,price_fan=fan',
};

let t: TestApp;
let b: Awaited<ReturnType<typeof createBillingApp>>;
const fakeFetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => Response.json({ id: 'bps_1', url: 'https://billing.stripe.com/p/session/test_1' }));

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000', ...stripeEnv });
  b = await createBillingApp(t, {
    config: loadBillingConfig({ NODE_ENV: 'test', ...stripeEnv }),
    fetch: fakeFetch as unknown as typeof fetch,
  });
});
afterAll(async () => {
  await b.close();
  await t.close();
});

let seq = 0;
const nowS = () => Math.floor(Date.now() / 1000);

function webhook(event: object, options: { secret?: string; timestamp?: number; signature?: string; contentType?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = options.signature ?? stripeSignatureHeader(options.secret ?? SECRET, payload, options.timestamp ?? nowS());
  return b.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: { 'content-type': options.contentType ?? 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const event = (type: string, object: object, id = `evt_${++seq}`) => ({ id, object: 'event', type, data: { object } });
const checkout = (userId: number, sub: string, extra: object = {}) =>
  event('checkout.session.completed', { id: `cs_${seq}`, object: 'checkout.session', mode: 'subscription', client_reference_id: String(userId), customer: `cus_${userId}`, subscription: sub, ...extra });
const subscription = (type: 'customer.subscription.updated' | 'customer.subscription.deleted', sub: string, fields: object) =>
  event(type, { id: sub, object: 'subscription', customer: 'cus_x', ...fields });

const usage = async (headers: Record<string, string>) => (await b.inject({ url: '/api/user/usage', headers })).json();

describe('Stripe signature (t=...,v1=... over `${t}.${rawBody}`)', () => {
  const body = Buffer.from('{"id":"evt_1"}');
  const now = 1_700_000_000_000;
  const t0 = now / 1000;

  it('accepts a valid signature, and any of several v1 signatures', () => {
    const good = stripeV1Signature(SECRET, t0, body);
    expect(verifyStripeSignature(`t=${t0},v1=${good}`, body, SECRET, now)).toEqual({ ok: true });
    expect(verifyStripeSignature(`t=${t0},v1=${'0'.repeat(64)},v1=${good},v0=abc`, body, SECRET, now)).toEqual({ ok: true });
  });

  it('refuses other secrets, bodies, timestamps and malformed headers', () => {
    const good = stripeV1Signature(SECRET, t0, body);
    expect(verifyStripeSignature(`t=${t0},v1=${stripeV1Signature('whsec_other', t0, body)}`, body, SECRET, now)).toMatchObject({ reason: 'mismatch' });
    expect(verifyStripeSignature(`t=${t0},v1=${good}`, Buffer.from('{"id":"evt_2"}'), SECRET, now)).toMatchObject({ reason: 'mismatch' });
    expect(verifyStripeSignature(`t=${t0 + 1},v1=${good}`, body, SECRET, now)).toMatchObject({ reason: 'mismatch' });
    expect(verifyStripeSignature(`t=${t0},v1=short`, body, SECRET, now)).toMatchObject({ reason: 'mismatch' });
    expect(verifyStripeSignature(`v1=${good}`, body, SECRET, now)).toMatchObject({ reason: 'malformed' });
    expect(verifyStripeSignature(`t=${t0}`, body, SECRET, now)).toMatchObject({ reason: 'malformed' });
    expect(verifyStripeSignature(undefined, body, SECRET, now)).toMatchObject({ reason: 'malformed' });
  });

  it('has a 300 s tolerance both ways', () => {
    const sig = (ts: number) => `t=${ts},v1=${stripeV1Signature(SECRET, ts, body)}`;
    expect(verifyStripeSignature(sig(t0 - 300), body, SECRET, now)).toEqual({ ok: true });
    expect(verifyStripeSignature(sig(t0 - 301), body, SECRET, now)).toMatchObject({ reason: 'stale' });
    expect(verifyStripeSignature(sig(t0 + 301), body, SECRET, now)).toMatchObject({ reason: 'stale' });
  });
});

describe('POST /api/billing/stripe/webhook', () => {
  it('applies checkout.session.completed (type from the configured price) and ignores a replay', async () => {
    const a = await account(t, 'stripecoach', { type: 'team' });
    const evt = checkout(a.identityUserId, 'sub_A', { line_items: { data: [{ price: { id: 'price_team' } }] } });
    const res = await webhook(evt);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    const body = await usage(a.headers);
    expect(body.items).toEqual([{ type: 'team', status: 'active', provider: 'stripe', currentPeriodEnd: null, cancelAtPeriodEnd: false }]);
    expect(body.subscription).toEqual(body.items[0]);
    const { rows } = await t.runtime.db.$client.query(`SELECT provider_customer_id, provider_subscription_id FROM subscriptions WHERE user_id = $1`, [a.productUserId]);
    expect(rows).toEqual([{ provider_customer_id: `cus_${a.identityUserId}`, provider_subscription_id: 'sub_A' }]);

    // Cancel through a later event, then replay the checkout: nothing comes back to life.
    expect((await webhook(subscription('customer.subscription.deleted', 'sub_A', { status: 'canceled' }))).json().outcome).toBe('applied');
    expect((await usage(a.headers)).items).toEqual([]);
    const subsBefore = await count(t, 'subscriptions');
    const eventsBefore = await count(t, 'billing_events');
    const replay = await webhook(evt);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await usage(a.headers)).items).toEqual([]);
    expect(await count(t, 'subscriptions')).toBe(subsBefore);
    expect(await count(t, 'billing_events')).toBe(eventsBefore);
  });

  it('takes the type from metadata.type when no price maps, and accepts application/json; charset=utf-8', async () => {
    const a = await account(t, 'stripefan');
    const res = await webhook(checkout(a.identityUserId, 'sub_B', { metadata: { type: 'fan' } }), { contentType: 'application/json; charset=utf-8' });
    expect(res.statusCode).toBe(200);
    expect((await usage(a.headers)).subscription).toMatchObject({ type: 'fan', provider: 'stripe', status: 'active' });
  });

  it('applies customer.subscription.updated: status, period end, cancel at period end, type from price', async () => {
    const a = await account(t, 'stripeathlete');
    await webhook(checkout(a.identityUserId, 'sub_C', { metadata: { type: 'fan' } }));
    const periodEnd = nowS() + 30 * 86400;
    const res = await webhook(
      subscription('customer.subscription.updated', 'sub_C', {
        status: 'past_due',
        cancel_at_period_end: true,
        items: { data: [{ price: { id: 'price_athlete' }, current_period_end: periodEnd }] },
      }),
    );
    expect(res.json().outcome).toBe('applied');
    expect((await usage(a.headers)).items).toEqual([
      { type: 'athlete', status: 'past_due', provider: 'stripe', currentPeriodEnd: new Date(periodEnd * 1000).toISOString(), cancelAtPeriodEnd: true },
    ]);

    // Older API versions put current_period_end on the subscription.
    await webhook(subscription('customer.subscription.updated', 'sub_C', { status: 'active', current_period_end: periodEnd + 60, cancel_at_period_end: false, items: { data: [{ price: { id: 'price_team' } }] } }));
    expect((await usage(a.headers)).subscription).toEqual({
      type: 'team',
      status: 'active',
      provider: 'stripe',
      currentPeriodEnd: new Date((periodEnd + 60) * 1000).toISOString(),
      cancelAtPeriodEnd: false,
    });
  });

  it('applies customer.subscription.deleted', async () => {
    const a = await account(t, 'stripequit');
    await webhook(checkout(a.identityUserId, 'sub_D', { metadata: { type: 'team' } }));
    expect((await usage(a.headers)).items).toHaveLength(1);
    await webhook(subscription('customer.subscription.deleted', 'sub_D', { status: 'canceled' }));
    expect(await usage(a.headers)).toEqual({ items: [], subscription: null });
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const a = await account(t, 'forged');
    const subs = await count(t, 'subscriptions');
    const events = await count(t, 'billing_events');
    const forged = checkout(a.identityUserId, 'sub_F', { metadata: { type: 'team' } });
    for (const res of [
      await webhook(forged, { secret: 'whsec_attacker' }),
      await webhook(forged, { signature: `t=${nowS()},v1=${'a'.repeat(64)}` }),
      await webhook(forged, { signature: '' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid signature');
    }
    // A signature over other bytes does not carry over to a modified body.
    const payload = JSON.stringify(forged);
    const res = await b.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignatureHeader(SECRET, payload) },
      payload: payload.replace('"team"', '"fan" '),
    });
    expect(res.statusCode).toBe(400);
    expect(await count(t, 'subscriptions')).toBe(subs);
    expect(await count(t, 'billing_events')).toBe(events);
    expect((await usage(a.headers)).items).toEqual([]);
  });

  it('refuses a stale timestamp with 400 and changes nothing', async () => {
    const a = await account(t, 'stale');
    const events = await count(t, 'billing_events');
    const res = await webhook(checkout(a.identityUserId, 'sub_S', { metadata: { type: 'team' } }), { timestamp: nowS() - 301 });
    expect(res.statusCode).toBe(400);
    expect(await count(t, 'billing_events')).toBe(events);
    expect((await usage(a.headers)).items).toEqual([]);
  });

  it('records but ignores unknown events, unknown users and unknown subscriptions', async () => {
    expect((await webhook(event('invoice.paid', { id: 'in_1' }))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await webhook(checkout(999999, 'sub_X', { metadata: { type: 'team' } }))).json().outcome).toBe('ignored');
    expect((await webhook(subscription('customer.subscription.updated', 'sub_unknown', { status: 'active' }))).json().outcome).toBe('ignored');
  });

  it('refuses bodies that are not events', async () => {
    const payload = '{"hello":1}';
    const res = await b.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignatureHeader(SECRET, payload) },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('Stripe mode', () => {
  it('publishes the pricing tables on /api/billing/plans', async () => {
    const body = (await b.inject('/api/billing/plans')).json();
    expect(body).toMatchObject({
      provider: 'stripe',
      testMode: true,
      stripe: { publishableKey: 'pk_test_123', pricingTableIds: { team: 'prctbl_team', athlete: 'prctbl_athlete', fan: 'prctbl_fan' } },
    });
    expect(body.plans).toHaveLength(3);
  });

  it('turns local billing off', async () => {
    const a = await account(t, 'nolocal');
    const res = await b.inject({ method: 'POST', url: '/api/billing/local/subscribe', headers: a.headers, payload: { type: 'team' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Stripe/);
    expect((await b.inject({ method: 'POST', url: '/api/billing/local/cancel', headers: a.headers })).statusCode).toBe(404);
  });

  it('opens the customer portal for a Stripe customer', async () => {
    const a = await account(t, 'portal1');
    expect((await b.inject({ url: '/api/billing/portal', headers: a.headers })).statusCode).toBe(409);
    await webhook(checkout(a.identityUserId, 'sub_P', { metadata: { type: 'team' } }));
    fakeFetch.mockClear();
    const res = await b.inject({ url: '/api/billing/portal', headers: a.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
    expect(fakeFetch).toHaveBeenCalledWith(STRIPE_PORTAL_ENDPOINT, expect.objectContaining({ method: 'POST' }));
    const init = fakeFetch.mock.calls[0]![1]!;
    expect(new URLSearchParams(init.body as string).get('customer')).toBe(`cus_${a.identityUserId}`);
    expect((await b.inject('/api/billing/portal')).statusCode).toBe(401);
  });

  it('builds the portal session request', async () => {
    const req = buildPortalRequest('sk_test_123', 'cus_42', 'https://teams.example.com/');
    expect(req).toEqual({
      url: 'https://api.stripe.com/v1/billing_portal/sessions',
      init: {
        method: 'POST',
        headers: { Authorization: 'Bearer sk_test_123', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'customer=cus_42&return_url=https%3A%2F%2Fteams.example.com%2F',
      },
    });
    const failing = (async () => Response.json({ error: { message: 'No such customer' } }, { status: 400 })) as unknown as typeof fetch;
    await expect(createPortalSession(failing, 'sk_test_123', 'cus_42', 'https://x/')).rejects.toThrow(/No such customer/);
  });
});

describe('content security policy with Stripe', () => {
  it("lets the pricing table's script, frames and API calls through, and nothing else of Stripe's", async () => {
    const csp = String((await t.app.inject('/api/health')).headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://js.stripe.com');
    expect(directive('script-src')).toContain('https://*.js.stripe.com');
    expect(directive('frame-src')).toContain('https://hooks.stripe.com');
    expect(directive('connect-src')).toContain('https://api.stripe.com');
    expect(directive('img-src')).not.toContain('stripe');
  });
});
