import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';

/** Secrets generated on first start (e.g. the storage URL signing key) so every node of a deployment shares them. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Per-IP request counters of the rate-limited routes (sign-in, codes, e-mails, invites), kept here so
 * every web node counts against the same limit. A window's row is reset once it has expired.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limit_counters_expires').on(t.expiresAt)],
);
