import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageResponse } from '@app/contracts/billing';
import { loadBillingConfig, type BillingConfig } from '../../src/config/billing';
import { createLevelGuard } from '../../src/modules/billing/require-level';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { account, count, createBillingApp, createTestBilling } from './helpers';

let t: TestApp;
let b: Awaited<ReturnType<typeof createBillingApp>>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  const config = loadBillingConfig({ NODE_ENV: 'test' });
  b = await createBillingApp(t, { config });
  // `b` signs callers in with its own signed-in context (createBillingApp).
  const requireLevel = createLevelGuard({ billing: createTestBilling(t, { config }) });
  b.get('/test/team-only', { preHandler: requireLevel(['team', 'athlete']) }, async () => ({ ok: true }));
  b.get('/test/subscribe-page', { preHandler: requireLevel(['none']) }, async () => ({ ok: true }));
});
afterAll(async () => {
  await b.close();
  await t.close();
});

const usage = (headers: Record<string, string>) => b.inject({ url: '/api/user/usage', headers });
const subscribe = (headers: Record<string, string>, type: unknown) =>
  b.inject({ method: 'POST', url: '/api/billing/local/subscribe', headers, payload: { type } });
const cancel = (headers: Record<string, string>) => b.inject({ method: 'POST', url: '/api/billing/local/cancel', headers });

describe('GET /api/user/usage', () => {
  it('needs sign-in', async () => {
    expect((await b.inject('/api/user/usage')).statusCode).toBe(401);
  });

  it('answers an empty list before registration', async () => {
    const a = await account(t, 'unregistered1', { register: false });
    const res = await usage(a.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], subscription: null });
  });

  it('answers an empty list for a registered user without subscription', async () => {
    const a = await account(t, 'nosub1');
    expect((await usage(a.headers)).json()).toEqual({ items: [], subscription: null });
  });
});

describe('GET /api/billing/plans', () => {
  it('lists the three plans in test mode without Stripe, public', async () => {
    const res = await b.inject('/api/billing/plans');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'local', testMode: true });
    expect(body.stripe).toBeUndefined();
    expect(body.plans.map((p: { type: string }) => p.type)).toEqual(['team', 'athlete', 'fan']);
    for (const p of body.plans) expect(p).toMatchObject({ name: expect.any(String), price: expect.any(String), interval: 'month', features: expect.any(Array) });
    // Only what is built is sold: no profiles until /profile shows a card.
    expect(body.plans.flatMap((p: { features: string[] }) => p.features).filter((f: string) => /profile/i.test(f))).toEqual([]);
  });
});

describe('local billing', () => {
  it('refuses before registration with 409', async () => {
    const a = await account(t, 'unregistered2', { register: false });
    const res = await subscribe(a.headers, 'fan');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Finish registration first.');
    expect((await cancel(a.headers)).statusCode).toBe(409);
  });

  it('needs sign-in and a known plan', async () => {
    expect((await b.inject({ method: 'POST', url: '/api/billing/local/subscribe', payload: { type: 'fan' } })).statusCode).toBe(401);
    const a = await account(t, 'badplan');
    expect((await subscribe(a.headers, 'gold')).statusCode).toBe(400);
    expect((await subscribe(a.headers, undefined)).statusCode).toBe(400);
  });

  it('subscribes, switches, keeps one active and cancels', async () => {
    const a = await account(t, 'coachk', { type: 'team' });
    const first = await subscribe(a.headers, 'fan');
    expect(first.statusCode).toBe(200);
    const body = usageResponse.parse(first.json());
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ type: 'fan', status: 'active', provider: 'local', cancelAtPeriodEnd: false });
    expect(Date.parse(body.items[0]!.currentPeriodEnd!)).toBeGreaterThan(Date.now());
    expect(body.subscription).toEqual(body.items[0]);
    expect((await usage(a.headers)).json()).toEqual(body);

    // The same plan again changes nothing.
    await subscribe(a.headers, 'fan');
    const rowsBefore = await count(t, 'subscriptions');

    const switched = (await subscribe(a.headers, 'team')).json();
    expect(switched.items).toHaveLength(1);
    expect(switched.subscription).toMatchObject({ type: 'team', status: 'active', provider: 'local' });
    expect(await count(t, 'subscriptions')).toBe(rowsBefore + 1);
    const { rows } = await t.runtime.db.$client.query(`SELECT type, status FROM subscriptions WHERE user_id = $1 ORDER BY id`, [a.productUserId]);
    expect(rows).toEqual([
      { type: 'fan', status: 'canceled' },
      { type: 'team', status: 'active' },
    ]);

    const canceled = await cancel(a.headers);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toEqual({ items: [], subscription: null });
    expect((await usage(a.headers)).json()).toEqual({ items: [], subscription: null });
    // Cancelling twice is fine.
    expect((await cancel(a.headers)).json()).toEqual({ items: [], subscription: null });
  });

  it('concurrent subscribes leave one active subscription', async () => {
    const a = await account(t, 'racer');
    await Promise.all([subscribe(a.headers, 'fan'), subscribe(a.headers, 'athlete'), subscribe(a.headers, 'team')]);
    expect((await usage(a.headers)).json().items).toHaveLength(1);
  });

  it('has no billing portal without Stripe (501)', async () => {
    const a = await account(t, 'portal0');
    const res = await b.inject({ url: '/api/billing/portal', headers: a.headers });
    expect(res.statusCode).toBe(501);
    expect(res.json().message).toMatch(/Stripe/);
  });

  it('has no Stripe webhook without Stripe', async () => {
    const res = await b.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload: { id: 'evt_1' } });
    expect(res.statusCode).toBe(404);
    expect(await count(t, 'billing_events')).toBe(0);
  });
});

describe('requireLevel', () => {
  it('guards routes by level: 401 signed out, 403 wrong level, then allowed', async () => {
    expect((await b.inject('/test/team-only')).statusCode).toBe(401);
    const a = await account(t, 'guarded', { type: 'fan' });
    const denied = await b.inject({ url: '/test/team-only', headers: a.headers });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Your subscription does not include this.' });
    expect((await b.inject({ url: '/test/subscribe-page', headers: a.headers })).statusCode).toBe(200);

    await subscribe(a.headers, 'athlete');
    expect((await b.inject({ url: '/test/team-only', headers: a.headers })).statusCode).toBe(200);
    expect((await b.inject({ url: '/test/subscribe-page', headers: a.headers })).statusCode).toBe(403);
  });
});

describe('production guard', () => {
  const create = (config: BillingConfig) => () => createTestBilling(t, { config });

  it('refuses local billing with NODE_ENV=production', () => {
    expect(create(loadBillingConfig({ NODE_ENV: 'production' }))).toThrow(/LOCAL_BILLING_IN_PRODUCTION/);
  });

  it('allows it with LOCAL_BILLING_IN_PRODUCTION=true', () => {
    expect(create(loadBillingConfig({ NODE_ENV: 'production', LOCAL_BILLING_IN_PRODUCTION: 'true' }))).not.toThrow();
  });

  it('allows Stripe billing in production', () => {
    const billing = loadBillingConfig({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICING_TABLE_TEAM: 'prctbl_t',
      STRIPE_PRICING_TABLE_ATHLETE: 'prctbl_a',
      STRIPE_PRICING_TABLE_FAN: 'prctbl_f',
    });
    expect(billing).toMatchObject({ provider: 'stripe', stripe: { testMode: false } });
    expect(create(billing)).not.toThrow();
  });
});

describe('loadBillingConfig', () => {
  it('defaults to local billing', () => {
    expect(loadBillingConfig({})).toEqual({ provider: 'local', nodeEnv: 'development', localInProduction: false, stripe: undefined });
    expect(loadBillingConfig({ STRIPE_SECRET_KEY: '' }).provider).toBe('local');
  });

  it('names every missing Stripe variable', () => {
    expect(() => loadBillingConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_PRICING_TABLE_TEAM[\s\S]*STRIPE_PRICING_TABLE_ATHLETE[\s\S]*STRIPE_PRICING_TABLE_FAN/,
    );
  });

  it('parses STRIPE_PRICE_TYPES and refuses bad pairs', () => {
    const base = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICING_TABLE_TEAM: 't',
      STRIPE_PRICING_TABLE_ATHLETE: 'a',
      STRIPE_PRICING_TABLE_FAN: 'f',
    };
    expect(loadBillingConfig({ ...base, STRIPE_PRICE_TYPES: 'price_1=team, price_2=fan' }).stripe?.priceTypes).toEqual({ price_1: 'team', price_2: 'fan' });
    expect(() => loadBillingConfig({ ...base, STRIPE_PRICE_TYPES: 'price_1=gold' })).toThrow(/STRIPE_PRICE_TYPES/);
    expect(() => loadBillingConfig({ LOCAL_BILLING_IN_PRODUCTION: 'maybe' })).toThrow(/LOCAL_BILLING_IN_PRODUCTION/);
  });
});
