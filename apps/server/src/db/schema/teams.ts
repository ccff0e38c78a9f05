import { index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/** A team is a channel named `main` owned by its coach; other channels come later. */
export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('channels_owner_name').on(t.ownerUserId, t.name)],
);

export const channelMembers = pgTable(
  'channel_members',
  {
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: createdAt(),
  },
  (t) => [uniqueIndex('channel_members_pk').on(t.channelId, t.userId), index('channel_members_user').on(t.userId)],
);

/** An invitation to a channel by e-mail or username; the e-mailed link carries a hashed single-use token. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    invitedByUserId: integer('invited_by_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    /** The username as it was when invited (shown to the coach); the invite itself is for `invitedUserId`. */
    username: text('username'),
    /** A username invite is for the account that held the name when it was sent, whatever it is called later. */
    invitedUserId: integer('invited_user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The coach withdrew it: its link says so and can no longer be accepted. */
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invites_channel').on(t.channelId), index('invites_email').on(t.tenantId, t.email), index('invites_invited_user').on(t.invitedUserId)],
);
