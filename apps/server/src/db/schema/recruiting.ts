import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { reels } from './reels';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A user's recruiting card, published at `/a/{public_id}` (128+ random bits, base64url). Off by
 * default: while `published` is false the link answers 404. `fields` are the ticks of what it shows
 * (unset ones take their defaults); the chosen reel goes from the card when the reel is deleted.
 */
export const recruitingCards = pgTable(
  'recruiting_cards',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    publicId: text('public_id').notNull(),
    published: boolean('published').notNull().default(false),
    fields: jsonb('fields').$type<Record<string, boolean>>().notNull().default({}),
    reelId: text('reel_id').references(() => reels.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recruiting_cards_public_id').on(t.tenantId, t.publicId)],
);
