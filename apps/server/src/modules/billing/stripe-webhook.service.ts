import { planType, type PlanType } from '@app/contracts/billing';
import type { StripeBillingConfig } from '../../config/billing';
import type { DomainEvents } from '../../domain-events';
import type { BillingRepo, BillingTx } from './billing.repo';
import { SUBSCRIPTION_ENDED } from './subscription-ended';

/** The product user a Stripe client reference (the identity account id) names, in any tenant. */
export type OwnerOf = (identityUserId: number) => Promise<{ id: number; tenantId: string } | undefined>;

type Obj = Record<string, unknown>;

export interface StripeEvent {
  id: string;
  type: string;
  data: { object: Obj };
}

export type WebhookOutcome = 'applied' | 'ignored' | 'duplicate';

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
/** An id field that may be expanded into an object. */
const idOf = (v: unknown): string | undefined => str(v) ?? (isObj(v) ? str(v.id) : undefined);

export function parseStripeEvent(raw: Buffer): StripeEvent | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObj(parsed) || !str(parsed.id) || !str(parsed.type) || !isObj(parsed.data) || !isObj(parsed.data.object)) return undefined;
  return parsed as unknown as StripeEvent;
}

function typeFromPrices(priceIds: (string | undefined)[], stripe: StripeBillingConfig): PlanType | undefined {
  for (const id of priceIds) if (id && stripe.priceTypes[id]) return stripe.priceTypes[id];
  return undefined;
}

function typeFromMetadata(object: Obj): PlanType | undefined {
  const parsed = planType.safeParse(isObj(object.metadata) ? object.metadata.type : undefined);
  return parsed.success ? parsed.data : undefined;
}

/** Price ids of a subscription's items (`items.data[].price.id`) or a session's `line_items.data[].price.id`. */
function priceIdsOf(list: unknown): (string | undefined)[] {
  if (!isObj(list) || !Array.isArray(list.data)) return [];
  return list.data.map((item) => (isObj(item) ? idOf(item.price) : undefined));
}

/** `current_period_end` (unix s): on the subscription in older API versions, on its items in newer ones. */
function periodEndOf(sub: Obj): Date | null {
  let end = typeof sub.current_period_end === 'number' ? sub.current_period_end : undefined;
  if (end === undefined && isObj(sub.items) && Array.isArray(sub.items.data)) {
    const ends = sub.items.data.map((i) => (isObj(i) && typeof i.current_period_end === 'number' ? i.current_period_end : undefined)).filter((n): n is number => n !== undefined);
    if (ends.length > 0) end = Math.max(...ends);
  }
  return end === undefined ? null : new Date(end * 1000);
}

/**
 * Applies one verified event in a single transaction. The event id is recorded first; a conflict
 * means it was already processed (Stripe redelivery or a replay) and nothing changes. Events we do
 * not handle, or that name no known user, are recorded and ignored.
 */
export async function applyStripeEvent(
  repo: BillingRepo,
  ownerOf: OwnerOf,
  stripe: StripeBillingConfig,
  event: StripeEvent,
  now: Date,
  events: Pick<DomainEvents, 'emit'>,
): Promise<WebhookOutcome> {
  const object = event.data.object;
  // The owner is read before the transaction: it lives in the users module, which billing enters by its service.
  const ref = str(object.client_reference_id);
  const owner = event.type === 'checkout.session.completed' && ref && /^\d{1,10}$/.test(ref) ? await ownerOf(Number(ref)) : undefined;
  return repo.oncePerEvent(event, async (tx): Promise<WebhookOutcome> => {
    switch (event.type) {
      case 'checkout.session.completed':
        return owner ? checkoutCompleted(repo, tx, stripe, object, owner, now) : 'ignored';
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return subscriptionChanged(repo, tx, stripe, object, now);
      case 'customer.subscription.deleted':
        return subscriptionDeleted(repo, tx, object, now, events);
      default:
        return 'ignored';
    }
  });
}

/**
 * The pricing table passes our user id (`userId` of `GET /api/user/me`, the
 * identity account id, unique across tenants) as `client-reference-id`.
 */
async function checkoutCompleted(
  repo: BillingRepo,
  tx: BillingTx,
  stripe: StripeBillingConfig,
  session: Obj,
  user: { id: number; tenantId: string },
  now: Date,
): Promise<WebhookOutcome> {
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return 'ignored';
  const expanded = isObj(session.subscription) ? session.subscription : undefined;
  const type =
    typeFromPrices([...priceIdsOf(session.line_items), ...(expanded ? priceIdsOf(expanded.items) : [])], stripe) ??
    typeFromMetadata(session) ??
    (expanded ? typeFromMetadata(expanded) : undefined);
  const existing = await repo.stripeSubscription(tx, subscriptionId);
  if (existing) {
    // A subscription event arrived first; the session adds the owner and customer.
    await repo.updateSubscription(tx, existing.id, {
      userId: user.id,
      tenantId: user.tenantId,
      providerCustomerId: idOf(session.customer) ?? null,
      type: type ?? existing.type,
      updatedAt: now,
    });
    return 'applied';
  }
  if (!type) return 'ignored';
  await repo.insertSubscription(tx, {
    tenantId: user.tenantId,
    userId: user.id,
    type,
    provider: 'stripe',
    status: 'active',
    providerCustomerId: idOf(session.customer) ?? null,
    providerSubscriptionId: subscriptionId,
    currentPeriodEnd: expanded ? periodEndOf(expanded) : null,
    cancelAtPeriodEnd: false,
    createdAt: now,
    updatedAt: now,
  });
  return 'applied';
}

/** Status, period end, cancel-at-period-end and (via the price) the type of a known subscription. */
async function subscriptionChanged(repo: BillingRepo, tx: BillingTx, stripe: StripeBillingConfig, sub: Obj, now: Date): Promise<WebhookOutcome> {
  const subscriptionId = str(sub.id);
  const status = str(sub.status);
  if (!subscriptionId || !status) return 'ignored';
  const type = typeFromPrices(priceIdsOf(sub.items), stripe) ?? typeFromMetadata(sub);
  const updated = await repo.updateStripeSubscription(tx, subscriptionId, {
    status,
    currentPeriodEnd: periodEndOf(sub),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    ...(type ? { type } : {}),
    ...(idOf(sub.customer) ? { providerCustomerId: idOf(sub.customer) } : {}),
    updatedAt: now,
  });
  return updated ? 'applied' : 'ignored';
}

async function subscriptionDeleted(repo: BillingRepo, tx: BillingTx, sub: Obj, now: Date, events: Pick<DomainEvents, 'emit'>): Promise<WebhookOutcome> {
  const subscriptionId = str(sub.id);
  if (!subscriptionId) return 'ignored';
  const updated = await repo.updateStripeSubscription(tx, subscriptionId, { status: 'canceled', cancelAtPeriodEnd: false, updatedAt: now });
  if (!updated) return 'ignored';
  await events.emit(tx, SUBSCRIPTION_ENDED, { userId: updated.userId });
  return 'applied';
}
