import { level as levelSchema, type Level } from '@app/contracts/levels';

/** Without a subscription, a team or athlete keeps their type this long after registering (the trial). */
export const RECENCY_WINDOW_MS = 8 * 24 * 3600 * 1000;

/** The types that count during the trial without a subscription. */
const TRIAL_TYPES: readonly Level[] = ['team', 'athlete'];

export type LevelInputs = {
  /** `GET /api/user/usage` items, in server order. A failed load counts as empty. */
  usageItems: readonly { type: string }[];
  /** `GET /api/user/me`; null/undefined when absent or failed to load. */
  userRecord?: { type?: string | null; updatedAt?: string | number | Date | null } | null;
  now: number | Date;
};

/**
 * The subscription level (docs/product.md#subscription-levels). Pure, so the rules are testable on their own.
 *
 * - Non-empty usage list: the type of the FIRST item. If that type is not a known level (other
 *   products exist), the result is `none`: we do not skip ahead to a later item (the rule says
 *   "first"), and an unknown product must not unlock any level (fail closed).
 * - Empty list: the own-user record's type if it is team or athlete AND it was updated within the
 *   last 8 days. The window is inclusive (`now - updatedAt <= 8 days`), and a timestamp slightly in
 *   the future (clock skew) counts as within. A missing or unparseable date never qualifies.
 * - Otherwise `none`.
 */
export function computeLevel({ usageItems, userRecord, now }: LevelInputs): Level {
  const first = usageItems[0];
  if (first) {
    const parsed = levelSchema.safeParse(first.type);
    return parsed.success ? parsed.data : 'none';
  }

  const type = userRecord?.type;
  if (!type || !TRIAL_TYPES.includes(type as Level)) return 'none';

  const updatedAt = userRecord.updatedAt == null ? NaN : new Date(userRecord.updatedAt).getTime();
  if (Number.isNaN(updatedAt)) return 'none';

  const nowMs = now instanceof Date ? now.getTime() : now;
  return nowMs - updatedAt <= RECENCY_WINDOW_MS ? (type as Level) : 'none';
}
