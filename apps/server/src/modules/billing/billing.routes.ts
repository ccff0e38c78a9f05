import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localSubscribeBody, plansResponse, portalResponse, usageResponse } from '@app/contracts/billing';
import { AppError } from '../../errors';
import { requireSignedIn } from '../../plugins/auth';
import type { BillingService } from './billing.service';

export interface BillingRoutesOptions {
  billing: BillingService;
}

const webhookResponse = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'ignored', 'duplicate']) });

/**
 * Subscription usage and billing: `GET /api/user/usage`, `GET /api/billing/plans`, local test
 * billing (`POST /api/billing/local/subscribe|cancel`), the Stripe webhook and the billing portal.
 */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, { billing }) => {
  requireSignedIn(app);

  app.get('/api/user/usage', { schema: { response: { 200: usageResponse } } }, async (request) => billing.usage(request.caller));

  app.get('/api/billing/plans', { schema: { response: { 200: plansResponse } }, config: { public: true } }, async () => billing.plans());

  app.post('/api/billing/local/subscribe', { schema: { body: localSubscribeBody, response: { 200: usageResponse } } }, async (request) =>
    billing.localSubscribe(request.caller, request.body.type),
  );

  app.post('/api/billing/local/cancel', { schema: { response: { 200: usageResponse } } }, async (request) => billing.localCancel(request.caller));

  app.get('/api/billing/portal', { schema: { response: { 200: portalResponse } } }, async (request) => ({
    url: await billing.portalUrl(request.caller, (err) => request.log.error({ err }, 'stripe portal session failed')),
  }));

  // The webhook needs the exact bytes Stripe signed: its own context with a raw JSON parser.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Stripe signs it; nobody signs in.
    webhook.post('/api/billing/stripe/webhook', { schema: { response: { 200: webhookResponse } }, config: { public: true } }, async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('INVALID_SIGNATURE', 'Invalid signature', 400);
      const header = request.headers['stripe-signature'];
      try {
        const { event, outcome } = await billing.stripeWebhook(request.body, Array.isArray(header) ? header.join(',') : header);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
        return { received: true as const, outcome };
      } catch (err) {
        if (err instanceof AppError && err.code === 'INVALID_SIGNATURE') request.log.warn({ reason: err.message }, 'stripe webhook refused');
        throw err;
      }
    });
  });
};
