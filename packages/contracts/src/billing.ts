import { z } from 'zod';

/** The three plans, one pricing table each: team, athlete, fan (docs/product.md#subscription-levels). */
export const planType = z.enum(['team', 'athlete', 'fan']);
export type PlanType = z.infer<typeof planType>;

/** Statuses that make a subscription item count (listed in usage); `canceled` and the rest do not. */
export const listedStatuses = ['active', 'trialing', 'past_due'] as const;

/** One item of `GET /api/user/usage`. */
export const subscriptionItem = z.object({
  type: z.string(),
  /** `active`, `trialing` or `past_due` (Stripe's status names; local billing uses `active`). */
  status: z.string(),
  provider: z.enum(['local', 'stripe']),
  /** ISO time, or null when unknown. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItem>;

/** `GET /api/user/usage`, and the answer of the local subscribe/cancel actions. `subscription` = items[0] ?? null. */
export const usageResponse = z.object({
  items: z.array(subscriptionItem),
  subscription: subscriptionItem.nullable(),
});
export type UsageResponse = z.infer<typeof usageResponse>;

export const plan = z.object({
  type: planType,
  name: z.string(),
  /** Display price of the built-in (test mode) table; with Stripe the pricing table shows the real prices. */
  price: z.string(),
  interval: z.enum(['month', 'year']),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof plan>;

/** `GET /api/billing/plans` (public). */
export const plansResponse = z.object({
  provider: z.enum(['local', 'stripe']),
  /** Local billing always; Stripe with a test-mode secret key. The web app shows a "test mode" notice. */
  testMode: z.boolean(),
  plans: z.array(plan),
  /** Present with Stripe: the pricing table web component of the user's type. */
  stripe: z
    .object({
      publishableKey: z.string(),
      pricingTableIds: z.object({ team: z.string(), athlete: z.string(), fan: z.string() }),
    })
    .optional(),
});
export type PlansResponse = z.infer<typeof plansResponse>;

/** `POST /api/billing/local/subscribe`. */
export const localSubscribeBody = z.object({ type: planType });

/** `GET /api/billing/portal` (Stripe only): where "Manage billing" goes. */
export const portalResponse = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof portalResponse>;
