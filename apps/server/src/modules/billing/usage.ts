import type { SubscriptionItem } from '@app/contracts/billing';
import { level as levelSchema, type Level } from '@app/contracts/levels';

/** A user without a subscription keeps their registered type this long. */
export const RECENCY_WINDOW_MS = 8 * 24 * 60 * 60 * 1000;
/** Types that count without a subscription. */
export const ELIGIBLE_WITHOUT_SUBSCRIPTION: readonly Level[] = ['team', 'athlete'];

/** What the level needs of the product user record. */
export interface LevelUser {
  type: string | null;
  /** When the account first chose a type (null: never); never moved by the user. */
  trialStartedAt: Date | null;
}

/**
 * The level (docs/product.md#subscription-levels): non-empty usage list -> the first item's type (an unknown
 * type counts as none, like the web app); empty -> the own user record's type when it is team or
 * athlete and its trial started within the last 8 days (inclusive); otherwise none.
 */
export function computeLevel(items: readonly Pick<SubscriptionItem, 'type'>[], user: LevelUser | undefined, now: Date): Level {
  const first = items[0];
  if (first) {
    const parsed = levelSchema.safeParse(first.type);
    return parsed.success ? parsed.data : 'none';
  }
  if (!user?.type || !ELIGIBLE_WITHOUT_SUBSCRIPTION.includes(user.type as Level)) return 'none';
  if (!user.trialStartedAt) return 'none';
  const age = now.getTime() - user.trialStartedAt.getTime();
  return age <= RECENCY_WINDOW_MS ? (user.type as Level) : 'none';
}
