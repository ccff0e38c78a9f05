import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { channels } from './teams';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Every change open pages must hear (`GET /api/updates`), for a channel's members or one user. The id
 * is the stream's event id; writers insert under an advisory lock so ids become visible in order.
 */
export const teamUpdates = pgTable(
  'team_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('team_updates_created').on(t.createdAt),
    index('team_updates_channel').on(t.channelId, t.id).where(sql`${t.channelId} IS NOT NULL`),
    index('team_updates_user').on(t.userId, t.id).where(sql`${t.userId} IS NOT NULL`),
  ],
);

/** How far pruning of team_updates has gone (one row): ids up to `prunedThrough` may be gone, every id above is kept. */
export const teamUpdatesHorizon = pgTable('team_updates_horizon', {
  only: boolean('only').primaryKey().default(true),
  prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull(),
});
