import { and, eq, sql } from 'drizzle-orm';
import { planType, type PlanType } from '@app/contracts/billing';
import type { Db } from '../../db/client';
import { billingEvents, subscriptions, users } from '../../db/schema';
import type { StripeBillingConfig } from './billing.config';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
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
 * Applies one verified event in a single transaction. The event id goes into `billing_events` first;
 * a conflict means it was already processed (Stripe redelivery or a replay) and nothing changes.
 * Events we do not handle, or that name no known user, are recorded and ignored.
 */
export async function applyStripeEvent(db: Db, stripe: StripeBillingConfig, event: StripeEvent, now: Date): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: billingEvents.id });
    if (inserted.length === 0) return 'duplicate';
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
        return checkoutCompleted(tx, stripe, object, now);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return subscriptionChanged(tx, stripe, object, now);
      case 'customer.subscription.deleted':
        return subscriptionDeleted(tx, object, now);
      default:
        return 'ignored';
    }
  });
}

/**
 * The pricing table passes the user id of spec section 3 (`userId` of `GET /api/user/me`, the
 * identity account id, unique across tenants) as `client-reference-id`.
 */
async function checkoutCompleted(tx: Tx, stripe: StripeBillingConfig, session: Obj, now: Date): Promise<WebhookOutcome> {
  const ref = str(session.client_reference_id);
  const subscriptionId = idOf(session.subscription);
  if (!ref || !/^\d{1,10}$/.test(ref) || !subscriptionId) return 'ignored';
  const [user] = await tx.select({ id: users.id, tenantId: users.tenantId }).from(users).where(eq(users.identityUserId, Number(ref))).limit(1);
  if (!user) return 'ignored';
  const expanded = isObj(session.subscription) ? session.subscription : undefined;
  const type =
    typeFromPrices([...priceIdsOf(session.line_items), ...(expanded ? priceIdsOf(expanded.items) : [])], stripe) ??
    typeFromMetadata(session) ??
    (expanded ? typeFromMetadata(expanded) : undefined);
  const [existing] = await tx
    .select({ id: subscriptions.id, type: subscriptions.type })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerSubscriptionId, subscriptionId)))
    .limit(1);
  if (existing) {
    // A subscription event arrived first; the session adds the owner and customer.
    await tx
      .update(subscriptions)
      .set({ userId: user.id, tenantId: user.tenantId, providerCustomerId: idOf(session.customer) ?? null, type: type ?? existing.type, updatedAt: now })
      .where(eq(subscriptions.id, existing.id));
    return 'applied';
  }
  if (!type) return 'ignored';
  await tx.insert(subscriptions).values({
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
async function subscriptionChanged(tx: Tx, stripe: StripeBillingConfig, sub: Obj, now: Date): Promise<WebhookOutcome> {
  const subscriptionId = str(sub.id);
  const status = str(sub.status);
  if (!subscriptionId || !status) return 'ignored';
  const type = typeFromPrices(priceIdsOf(sub.items), stripe) ?? typeFromMetadata(sub);
  const updated = await tx
    .update(subscriptions)
    .set({
      status,
      currentPeriodEnd: periodEndOf(sub),
      cancelAtPeriodEnd: sub.cancel_at_period_end === true,
      ...(type ? { type } : {}),
      ...(idOf(sub.customer) ? { providerCustomerId: idOf(sub.customer) } : {}),
      updatedAt: now,
    })
    .where(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerSubscriptionId, subscriptionId)))
    .returning({ id: subscriptions.id });
  return updated.length > 0 ? 'applied' : 'ignored';
}

async function subscriptionDeleted(tx: Tx, sub: Obj, now: Date): Promise<WebhookOutcome> {
  const subscriptionId = str(sub.id);
  if (!subscriptionId) return 'ignored';
  const updated = await tx
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: now })
    .where(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerSubscriptionId, subscriptionId)))
    .returning({ id: subscriptions.id });
  return updated.length > 0 ? 'applied' : 'ignored';
}

/** The Stripe customer of a product user, for the billing portal (newest subscription first). */
export async function stripeCustomerOf(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ customer: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'stripe'), sql`${subscriptions.providerCustomerId} is not null`))
    .orderBy(sql`${subscriptions.createdAt} desc, ${subscriptions.id} desc`)
    .limit(1);
  return row?.customer ?? undefined;
}
