import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { clips } from './clips';
import { channels } from './teams';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Messages of a channel: comments on a clip (`kind` 'comment', `clipId` set) and messages
 * into the channel (`kind` 'message'; a shared reel has `type` 'reel' and `action` the reel id).
 */
export const channelMessages = pgTable(
  'channel_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    publisherUserId: integer('publisher_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'message' a board message (a shared reel is one), 'reply' a reply to one, 'comment' a clip comment. */
    kind: text('kind').$type<'comment' | 'message' | 'reply'>().notNull(),
    clipId: uuid('clip_id').references(() => clips.id, { onDelete: 'cascade' }),
    /** The board message a reply answers. */
    parentId: uuid('parent_id').references((): AnyPgColumn => channelMessages.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    content: text('content').notNull(),
    type: text('type'),
    action: text('action'),
    createdAt: createdAt(),
  },
  (t) => [
    index('channel_messages_channel').on(t.channelId, t.createdAt),
    index('channel_messages_board').on(t.channelId, t.createdAt.desc(), t.id.desc()).where(sql`${t.kind} = 'message'`),
    index('channel_messages_replies').on(t.parentId, t.createdAt.desc()).where(sql`${t.parentId} IS NOT NULL`),
  ],
);

/** `@username` mentions in a channel message of members of that channel. */
export const channelMentions = pgTable('channel_mentions', {
  messageId: uuid('message_id')
    .notNull()
    .references(() => channelMessages.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** What happened in a team (docs/product.md#message-board-and-activity); an item caused by a board message goes with it. */
export const teamActivity = pgTable(
  'team_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    publisherUserId: integer('publisher_user_id').references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull().default(''),
    content: text('content').notNull(),
    type: text('type'),
    action: text('action'),
    messageId: uuid('message_id').references(() => channelMessages.id, { onDelete: 'cascade' }),
    /** A reel item's preview: this clip's poster. */
    previewClipId: uuid('preview_clip_id').references(() => clips.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('team_activity_channel_created').on(t.channelId, t.createdAt.desc(), t.id.desc())],
);
