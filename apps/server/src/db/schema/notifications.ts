import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { channelMessages } from './talk';
import { tenants } from './tenants';
import { users } from './users';

/** A user's notifications; one caused by a message goes with it, so no unread count counts what was deleted. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    publisherUserId: integer('publisher_user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull().default('link'),
    message: text('message').notNull(),
    action: text('action'),
    messageId: uuid('message_id').references(() => channelMessages.id, { onDelete: 'cascade' }),
    readAt: ts('read_at'),
    mailedAt: ts('mailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread').on(t.userId, t.createdAt).where(sql`${t.readAt} IS NULL`),
  ],
);
