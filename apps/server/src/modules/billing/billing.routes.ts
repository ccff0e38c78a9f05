import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localSubscribeBody, type PlansResponse, type UsageResponse } from '@app/contracts/billing';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireSignedIn, type SignedInCaller } from '../../plugins/auth';
import type { Identity } from '../identity/identity';
import { assertBillingAllowed, type BillingConfig } from './billing.config';
import { localCancel, localSubscribe } from './local-billing.service';
import { PLANS } from './plans';
import { createPortalSession } from './stripe-portal';
import { verifyStripeSignature } from './stripe-signature';
import { applyStripeEvent, parseStripeEvent, stripeCustomerOf } from './stripe-webhook.service';
import { productUserOf, usageOf } from './usage';

export interface BillingRoutesOptions {
  config: Config;
  identity: Identity;
  db: Db;
  billing: BillingConfig;
  /** Clock (tests). */
  now?: () => Date;
  /** HTTP client for the Stripe API (tests pass a fake). */
  fetch?: typeof fetch;
}

/**
 * Subscription usage and billing: `GET /api/user/usage`, `GET /api/billing/plans`, local test
 * billing (`POST /api/billing/local/subscribe|cancel`), the Stripe webhook and the billing portal.
 * Throws at registration when local billing would run in production without
 * `LOCAL_BILLING_IN_PRODUCTION=true`.
 */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, options) => {
  const { config, identity, db, billing } = options;
  assertBillingAllowed(billing);
  const now = options.now ?? (() => new Date());
  const fetchImpl = options.fetch ?? fetch;

  requireSignedIn(app, identity);
  const productUser = (caller: SignedInCaller) => productUserOf(db, caller.tenantId, caller.identityUserId);

  app.get('/api/user/usage', async (request): Promise<UsageResponse> => usageOf(db, request.caller.tenantId, request.caller.identityUserId));

  app.get('/api/billing/plans', { config: { public: true } }, async (): Promise<PlansResponse> => {
    const stripe = billing.stripe;
    if (!stripe) return { provider: 'local', testMode: true, plans: [...PLANS] };
    return {
      provider: 'stripe',
      testMode: stripe.testMode,
      plans: [...PLANS],
      stripe: { publishableKey: stripe.publishableKey, pricingTableIds: { ...stripe.pricingTableIds } },
    };
  });

  const requireLocal = () => {
    if (billing.provider !== 'local') throw new AppError('NOT_FOUND', 'Local test billing is off: this server bills through Stripe.');
  };

  app.post('/api/billing/local/subscribe', { schema: { body: localSubscribeBody } }, async (request): Promise<UsageResponse> => {
    requireLocal();
    const user = await productUser(request.caller);
    if (!user) throw new AppError('CONFLICT', 'Finish registration first.');
    await localSubscribe(db, user.id, request.body.type, now());
    return usageOf(db, request.caller.tenantId, request.caller.identityUserId);
  });

  app.post('/api/billing/local/cancel', async (request): Promise<UsageResponse> => {
    requireLocal();
    const user = await productUser(request.caller);
    if (!user) throw new AppError('CONFLICT', 'Finish registration first.');
    await localCancel(db, user.id, now());
    return usageOf(db, request.caller.tenantId, request.caller.identityUserId);
  });

  app.get('/api/billing/portal', async (request) => {
    const stripe = billing.stripe;
    if (!stripe) {
      throw new AppError('NOT_FOUND', 'Manage billing needs Stripe (STRIPE_SECRET_KEY); local test billing has nothing to manage.', 501);
    }
    const user = await productUser(request.caller);
    if (!user) throw new AppError('CONFLICT', 'Finish registration first.');
    const customer = await stripeCustomerOf(db, user.id);
    if (!customer) throw new AppError('CONFLICT', 'There is no billing account yet: subscribe first.');
    try {
      return { url: await createPortalSession(fetchImpl, stripe.secretKey, customer, `${config.publicUrl}/`) };
    } catch (err) {
      request.log.error({ err }, 'stripe portal session failed');
      throw new AppError('INTERNAL', 'Billing is unavailable right now. Please try again.', 502);
    }
  });

  // The webhook needs the exact bytes Stripe signed: its own context with a raw JSON parser.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Stripe signs it; nobody signs in.
    webhook.post('/api/billing/stripe/webhook', { config: { public: true } }, async (request) => {
      const stripe = billing.stripe;
      if (!stripe) throw new AppError('NOT_FOUND', 'Stripe billing is not configured on this server.');
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new AppError('INVALID_SIGNATURE', 'Invalid signature', 400);
      const header = request.headers['stripe-signature'];
      const check = verifyStripeSignature(Array.isArray(header) ? header.join(',') : header, raw, stripe.webhookSecret, now().getTime());
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'stripe webhook refused');
        throw new AppError('INVALID_SIGNATURE', check.reason === 'stale' ? 'Signature timestamp is too old.' : 'Invalid signature', 400);
      }
      const event = parseStripeEvent(raw);
      if (!event) throw new AppError('BAD_REQUEST', 'Not a Stripe event.');
      const outcome = await applyStripeEvent(db, stripe, event, now());
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true, outcome };
    });
  });
};
