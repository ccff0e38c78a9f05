import { z } from 'zod';

/** Roles chosen at signup (spec section 6): coach = team. */
export const userType = z.enum(['team', 'athlete', 'fan']);
export type UserType = z.infer<typeof userType>;

/**
 * `GET /api/user/me`: the own-user record. Only the fields the web app reads today
 * (spec section 7: username, type, updatedAt); `passthrough` keeps the rest of the user (section 3)
 * until the users module publishes its full schema here.
 */
export const userMe = z
  .object({
    username: z.string().nullish(),
    type: userType.nullish(),
    /** ISO 8601 date-time of the last update; drives the 8-day trial window (spec section 4). */
    updatedAt: z.string().nullish(),
  })
  .passthrough();
export type UserMe = z.infer<typeof userMe>;
