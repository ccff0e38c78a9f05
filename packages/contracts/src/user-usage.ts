import { z } from 'zod';

/**
 * `GET /api/user/usage` (spec sections 3, 4, 7): the signed-in user's subscriptions.
 * Item `type` is one of the levels (none, fan, athlete, team) "or others", so it stays a string here;
 * the web app maps unknown types to level `none`. `subscribed` = items non-empty.
 */
export const usageItem = z
  .object({
    type: z.string(),
  })
  .passthrough();
export type UsageItem = z.infer<typeof usageItem>;

export const userUsage = z.object({
  items: z.array(usageItem),
  /** The item that became the subscription; its shape is owned by the billing module. */
  subscription: z.unknown().optional(),
});
export type UserUsage = z.infer<typeof userUsage>;
