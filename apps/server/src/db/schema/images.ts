import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { channels } from './teams';
import { tenants } from './tenants';
import { users } from './users';
import type { ImageVariant } from '../stored-media';

/** A user's hero, avatar or photo, or a team's logo (`channelId`); the id is its upload's key. */
export const userImages = pgTable(
  'user_images',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    /** hero | avatar | photo | logo */
    tag: text('tag').notNull(),
    /** processing | ready | failed */
    status: text('status').notNull().default('processing'),
    failureCode: text('failure_code'),
    failure: text('failure'),
    /** The upload as sent: kept privately, never served. */
    originalKey: text('original_key').notNull(),
    width: integer('width'),
    height: integer('height'),
    variants: jsonb('variants').$type<ImageVariant[]>().notNull().default([]),
    placeholder: text('placeholder'),
    createdAt: createdAt(),
    readyAt: ts('ready_at'),
  },
  (t) => [index('user_images_user').on(t.userId, t.createdAt), index('user_images_channel').on(t.channelId).where(sql`${t.channelId} IS NOT NULL`)],
);
