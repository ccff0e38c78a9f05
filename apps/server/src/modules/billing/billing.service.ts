import type { PlansResponse, PlanType, UsageResponse } from '@app/contracts/billing';
import type { DomainEvents } from '../../domain-events';
import { SUBSCRIPTION_ENDED } from './subscription-ended';
import type { Level } from '@app/contracts/levels';
import type { BillingConfig } from '../../config/billing';
import { ConfigError } from '../../config-error';
import { AppError } from '../../errors';
import type { Caller } from '../../caller';
import type { UsersService } from '../users/users.service';
import type { BillingRepo } from './billing.repo';
import { PLANS } from './plans';
import { createPortalSession } from './stripe-portal';
import { verifyStripeSignature } from './stripe-signature';
import { applyStripeEvent, parseStripeEvent, type WebhookOutcome } from './stripe-webhook.service';
import { computeLevel } from './usage';

export const LEVEL_FORBIDDEN_MESSAGE = 'Your subscription does not include this.';

export interface BillingDeps {
  repo: BillingRepo;
  users: UsersService;
  config: BillingConfig;
  /** Where the Stripe portal returns to. */
  publicUrl: string;
  /** Clock (tests). */
  now?: () => Date;
  /** HTTP client for the Stripe API (tests pass a fake). */
  fetch?: typeof fetch;
  /** Where a subscription's end is announced (live playback stops its user's playback tokens). */
  events: Pick<DomainEvents, 'emit'>;
}

/** Local billing hands out plans for free: never in production unless explicitly enabled. */
function assertBillingAllowed(billing: BillingConfig): void {
  if (billing.provider === 'local' && billing.nodeEnv === 'production' && !billing.localInProduction) {
    throw new ConfigError(
      'Local test billing refuses to run with NODE_ENV=production: configure Stripe (STRIPE_SECRET_KEY, ...) or set LOCAL_BILLING_IN_PRODUCTION=true.',
    );
  }
}

/**
 * Subscriptions and levels: usage, the level guard, local test billing, the
 * Stripe webhook and the customer portal. Throws at creation when local billing would run in
 * production without `LOCAL_BILLING_IN_PRODUCTION=true`.
 */
export function createBillingService(deps: BillingDeps) {
  const { users, config } = deps;
  assertBillingAllowed(config);
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const fetchImpl = deps.fetch ?? fetch;

  async function usage(caller: Caller): Promise<UsageResponse> {
    const user = await users.find(caller);
    if (!user) return { items: [], subscription: null };
    const items = await repo.listedItems(user.id);
    return { items, subscription: items[0] ?? null };
  }

  function requireLocal(): void {
    if (config.provider !== 'local') throw new AppError('NOT_FOUND', 'Local test billing is off: this server bills through Stripe.');
  }

  return {
    /** `GET /api/user/usage`; `{ items: [], subscription: null }` before registration. */
    usage,

    /** The caller's subscription level. */
    async level(caller: Caller): Promise<Level> {
      const user = await users.find(caller);
      if (!user) return 'none';
      return computeLevel(await repo.listedItems(user.id), user, now());
    },

    /** 403 'Your subscription does not include this.' unless the caller's level is one of `levels`. */
    async requireLevel(caller: Caller, levels: readonly Level[]): Promise<Level> {
      const level = await this.level(caller);
      if (!levels.includes(level)) throw new AppError('FORBIDDEN', LEVEL_FORBIDDEN_MESSAGE);
      return level;
    },

    plans(): PlansResponse {
      const stripe = config.stripe;
      if (!stripe) return { provider: 'local', testMode: true, plans: [...PLANS] };
      return {
        provider: 'stripe',
        testMode: stripe.testMode,
        plans: [...PLANS],
        stripe: { publishableKey: stripe.publishableKey, pricingTableIds: { ...stripe.pricingTableIds } },
      };
    },

    async localSubscribe(caller: Caller, type: PlanType): Promise<UsageResponse> {
      requireLocal();
      const user = await users.requireRegistered(caller);
      await repo.localSubscribe(user, type, now());
      return usage(caller);
    },

    async localCancel(caller: Caller): Promise<UsageResponse> {
      requireLocal();
      const user = await users.requireRegistered(caller);
      await repo.transaction(async (tx) => {
        if (await repo.localCancel(tx, user.id, now())) await deps.events.emit(tx, SUBSCRIPTION_ENDED, { userId: user.id });
      });
      return usage(caller);
    },

    /** A Stripe customer portal session for the caller's billing account. */
    async portalUrl(caller: Caller, onError: (err: unknown) => void): Promise<string> {
      const stripe = config.stripe;
      if (!stripe) {
        throw new AppError('NOT_FOUND', 'Manage billing needs Stripe (STRIPE_SECRET_KEY); local test billing has nothing to manage.', 501);
      }
      const user = await users.requireRegistered(caller);
      const customer = await repo.stripeCustomerOf(user.id);
      if (!customer) throw new AppError('CONFLICT', 'There is no billing account yet: subscribe first.');
      try {
        return await createPortalSession(fetchImpl, stripe.secretKey, customer, `${deps.publicUrl}/`);
      } catch (err) {
        onError(err);
        throw new AppError('INTERNAL', 'Billing is unavailable right now. Please try again.', 502);
      }
    },

    /** A Stripe webhook delivery: the exact signed bytes and the `Stripe-Signature` header. */
    async stripeWebhook(raw: Buffer, signature: string | undefined): Promise<{ event: { id: string; type: string }; outcome: WebhookOutcome }> {
      const stripe = config.stripe;
      if (!stripe) throw new AppError('NOT_FOUND', 'Stripe billing is not configured on this server.');
      const check = verifyStripeSignature(signature, raw, stripe.webhookSecret, now().getTime());
      if (!check.ok) {
        throw new AppError('INVALID_SIGNATURE', check.reason === 'stale' ? 'Signature timestamp is too old.' : 'Invalid signature', 400);
      }
      const event = parseStripeEvent(raw);
      if (!event) throw new AppError('BAD_REQUEST', 'Not a Stripe event.');
      const outcome = await applyStripeEvent(repo, (id) => users.byIdentityAccount(id), stripe, event, now(), deps.events);
      return { event: { id: event.id, type: event.type }, outcome };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
