import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { listedStatuses, type SubscriptionItem, type UsageResponse } from '@app/contracts/billing';
import { level as levelSchema, type Level } from '@app/contracts/levels';
import type { Db } from '../../db/client';
import { subscriptions, users } from '../../db/schema';

/** Spec section 9: a user without a subscription keeps their registered type this long. */
export const RECENCY_WINDOW_MS = 8 * 24 * 60 * 60 * 1000;
/** Spec section 9: types that count without a subscription. */
export const ELIGIBLE_WITHOUT_SUBSCRIPTION: readonly Level[] = ['team', 'athlete'];

export interface ProductUser {
  id: number;
  tenantId: string;
  type: string | null;
  updatedAt: Date;
}

/** The product record (`users`) of an identity account in a tenant, if registration created one. */
export async function productUserOf(db: Pick<Db, 'select'>, tenantId: string, identityUserId: number): Promise<ProductUser | undefined> {
  const [row] = await db
    .select({ id: users.id, tenantId: users.tenantId, type: users.type, updatedAt: users.updatedAt })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.identityUserId, identityUserId)))
    .limit(1);
  return row;
}

/**
 * The user's listed subscription items, in the order the first one "becomes the subscription":
 * active/trialing before past_due, then the newest first. Canceled and other statuses are not listed.
 */
export async function listedItems(db: Pick<Db, 'select'>, userId: number): Promise<SubscriptionItem[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...listedStatuses])))
    .orderBy(asc(sql`case when ${subscriptions.status} = 'past_due' then 1 else 0 end`), desc(subscriptions.createdAt), desc(subscriptions.id));
  return rows.map((r) => ({
    type: r.type,
    status: r.status,
    provider: r.provider === 'stripe' ? 'stripe' : 'local',
    currentPeriodEnd: r.currentPeriodEnd ? r.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: r.cancelAtPeriodEnd,
  }));
}

/** `GET /api/user/usage` body; `{ items: [], subscription: null }` before registration. */
export async function usageOf(db: Pick<Db, 'select'>, tenantId: string, identityUserId: number): Promise<UsageResponse> {
  const user = await productUserOf(db, tenantId, identityUserId);
  if (!user) return { items: [], subscription: null };
  const items = await listedItems(db, user.id);
  return { items, subscription: items[0] ?? null };
}

/**
 * Spec section 4, level computation: non-empty usage list -> the first item's type (an unknown
 * type counts as none, like the web app); empty -> the own user record's type when it is team or
 * athlete and the record was updated within the last 8 days (inclusive); otherwise none.
 */
export function computeLevel(items: readonly Pick<SubscriptionItem, 'type'>[], user: Pick<ProductUser, 'type' | 'updatedAt'> | undefined, now: Date): Level {
  const first = items[0];
  if (first) {
    const parsed = levelSchema.safeParse(first.type);
    return parsed.success ? parsed.data : 'none';
  }
  if (!user?.type || !ELIGIBLE_WITHOUT_SUBSCRIPTION.includes(user.type as Level)) return 'none';
  const age = now.getTime() - user.updatedAt.getTime();
  return age <= RECENCY_WINDOW_MS ? (user.type as Level) : 'none';
}

/** The subscription level of an identity account in a tenant (same data as `GET /api/user/usage`). */
export async function levelOf(db: Pick<Db, 'select'>, tenantId: string, identityUserId: number, now: Date = new Date()): Promise<Level> {
  const user = await productUserOf(db, tenantId, identityUserId);
  if (!user) return 'none';
  return computeLevel(await listedItems(db, user.id), user, now);
}
