import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { listedStatuses, type PlanType, type SubscriptionItem } from '@app/contracts/billing';
import type { Db } from '../../db/client';
import { billingEvents, subscriptions } from '../../db/schema';

export type BillingTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type NewSubscription = typeof subscriptions.$inferInsert;
type SubscriptionChange = Partial<Omit<NewSubscription, 'id'>>;

/** Local test billing "renews" monthly; nothing charges, the period end is informative. */
export const LOCAL_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

const isStripe = (providerSubscriptionId: string) =>
  and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerSubscriptionId, providerSubscriptionId));

/** Subscriptions and billing events: the billing module's own tables. */
export function createBillingRepo(db: Db) {
  // Usage and the level guard ask this on every request that needs them: built once, a named
  // statement each connection parses and plans once.
  const listed = db
    .select({
      type: subscriptions.type,
      status: subscriptions.status,
      provider: subscriptions.provider,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, sql.placeholder('userId')), inArray(subscriptions.status, [...listedStatuses])))
    .orderBy(asc(sql`case when ${subscriptions.status} = 'past_due' then 1 else 0 end`), desc(subscriptions.createdAt), desc(subscriptions.id))
    .prepare('billing_listed_items');
  return {
    /**
     * The user's listed subscription items, in the order the first one "becomes the subscription":
     * active/trialing before past_due, then the newest first. Canceled and other statuses are not listed.
     */
    async listedItems(userId: number): Promise<SubscriptionItem[]> {
      const rows = await listed.execute({ userId });
      return rows.map((r) => ({
        type: r.type,
        status: r.status,
        provider: r.provider === 'stripe' ? 'stripe' : 'local',
        currentPeriodEnd: r.currentPeriodEnd ? r.currentPeriodEnd.toISOString() : null,
        cancelAtPeriodEnd: r.cancelAtPeriodEnd,
      }));
    },

    /**
     * One active local subscription at a time: subscribing to another plan cancels the current one;
     * subscribing to the plan already held changes nothing. A per-user advisory lock makes two
     * concurrent requests take turns, so they cannot both create one.
     */
    async localSubscribe(user: { id: number; tenantId: string }, type: PlanType, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('local-billing'), ${user.id})`);
        const current = await tx
          .select({ id: subscriptions.id, type: subscriptions.type, status: subscriptions.status })
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.provider, 'local'), inArray(subscriptions.status, [...listedStatuses])));
        if (current.length === 1 && current[0]!.type === type && current[0]!.status === 'active') return;
        if (current.length > 0) {
          await tx
            .update(subscriptions)
            .set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: now })
            .where(inArray(subscriptions.id, current.map((c) => c.id)));
        }
        await tx.insert(subscriptions).values({
          tenantId: user.tenantId,
          userId: user.id,
          type,
          provider: 'local',
          status: 'active',
          providerSubscriptionId: `local_${randomUUID()}`,
          currentPeriodEnd: new Date(now.getTime() + LOCAL_PERIOD_MS),
          cancelAtPeriodEnd: false,
          createdAt: now,
          updatedAt: now,
        });
      });
    },

    /** Cancels the user's local subscription at once (there is no billing period to run out). */
    /** Cancels the user's local subscriptions; whether there was one. */
    async localCancel(tx: BillingTx, userId: number, now: Date): Promise<boolean> {
      const ended = await tx
        .update(subscriptions)
        .set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: now })
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'local'), inArray(subscriptions.status, [...listedStatuses])))
        .returning({ id: subscriptions.id });
      return ended.length > 0;
    },

    transaction: <T>(work: (tx: BillingTx) => Promise<T>): Promise<T> => db.transaction(work),

    /** The Stripe customer of a product user, for the billing portal (newest subscription first). */
    async stripeCustomerOf(userId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ customer: subscriptions.providerCustomerId })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'stripe'), sql`${subscriptions.providerCustomerId} is not null`))
        .orderBy(sql`${subscriptions.createdAt} desc, ${subscriptions.id} desc`)
        .limit(1);
      return row?.customer ?? undefined;
    },

    /**
     * Runs `apply` in one transaction after recording the event id; 'duplicate' (and nothing applied)
     * when the id was already recorded: a Stripe redelivery or a replay.
     */
    async oncePerEvent<T>(event: { id: string; type: string }, apply: (tx: BillingTx) => Promise<T>): Promise<T | 'duplicate'> {
      return db.transaction(async (tx) => {
        const inserted = await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: billingEvents.id });
        return inserted.length === 0 ? 'duplicate' : apply(tx);
      });
    },

    stripeSubscription: (tx: BillingTx, providerSubscriptionId: string) =>
      tx
        .select({ id: subscriptions.id, type: subscriptions.type })
        .from(subscriptions)
        .where(isStripe(providerSubscriptionId))
        .limit(1)
        .then((rows) => rows[0]),

    insertSubscription: (tx: BillingTx, values: NewSubscription) => tx.insert(subscriptions).values(values).then(() => undefined),

    updateSubscription: (tx: BillingTx, id: number, change: SubscriptionChange) =>
      tx.update(subscriptions).set(change).where(eq(subscriptions.id, id)).then(() => undefined),

    /** Changes a known Stripe subscription; false when there is none with that id. */
    /** The changed subscription's user, or null when none has this id. */
    updateStripeSubscription: async (tx: BillingTx, providerSubscriptionId: string, change: SubscriptionChange): Promise<{ userId: number } | null> =>
      (await tx.update(subscriptions).set(change).where(isStripe(providerSubscriptionId)).returning({ userId: subscriptions.userId }))[0] ?? null,
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
