import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { listedStatuses, type PlanType } from '@app/contracts/billing';
import type { Db } from '../../db/client';
import { subscriptions, users } from '../../db/schema';

/** Local test billing "renews" monthly; nothing charges, the period end is informative. */
export const LOCAL_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * One active local subscription at a time: subscribing to another plan cancels the current one;
 * subscribing to the plan already held changes nothing. The user row is locked so two concurrent
 * requests cannot both create one.
 */
export async function localSubscribe(db: Db, userId: number, type: PlanType, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const current = await tx
      .select({ id: subscriptions.id, type: subscriptions.type, status: subscriptions.status })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'local'), inArray(subscriptions.status, [...listedStatuses])));
    if (current.length === 1 && current[0]!.type === type && current[0]!.status === 'active') return;
    if (current.length > 0) {
      await tx
        .update(subscriptions)
        .set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: now })
        .where(inArray(subscriptions.id, current.map((c) => c.id)));
    }
    const [user] = await tx.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, userId));
    await tx.insert(subscriptions).values({
      tenantId: user!.tenantId,
      userId,
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
}

/** Cancels the user's local subscription at once (there is no billing period to run out). */
export async function localCancel(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'local'), inArray(subscriptions.status, [...listedStatuses])));
}
