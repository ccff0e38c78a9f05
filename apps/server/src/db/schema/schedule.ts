import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { liveEvents } from './live';
import { channels } from './teams';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A team's game, practice or event. Times are instants; `timeZone` is the venue's IANA zone. A weekly series is one
 * row per occurrence sharing `seriesId`. `sequence` (iCalendar SEQUENCE) grows on every change of time, place or
 * status; a cancelled item stays with status 'cancelled'.
 */
export const scheduleItems = pgTable(
  'schedule_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'game' | 'practice' | 'event'>().notNull(),
    title: text('title').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    location: text('location').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
    liveEventId: uuid('live_event_id').references(() => liveEvents.id, { onDelete: 'set null' }),
    seriesId: uuid('series_id'),
    sequence: integer('sequence').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('schedule_items_channel_starts').on(t.channelId, t.startsAt),
    index('schedule_items_series').on(t.seriesId, t.startsAt).where(sql`${t.seriesId} IS NOT NULL`),
    uniqueIndex('schedule_items_live_event').on(t.liveEventId).where(sql`${t.liveEventId} IS NOT NULL`),
  ],
);

/** A member's answer to an item: one per member and item. */
export const scheduleRsvps = pgTable(
  'schedule_rsvps',
  {
    itemId: uuid('item_id').notNull().references(() => scheduleItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer').$type<'going' | 'maybe' | 'no'>().notNull(),
    note: text('note'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
);

/** A reminder sent; the key makes a second one for the same member and item impossible. */
export const scheduleReminders = pgTable(
  'schedule_reminders',
  {
    itemId: uuid('item_id').notNull().references(() => scheduleItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
);

/** A user's private calendar feed: looked up by the SHA-256 of its token, the token sealed for showing again; rotating replaces the row. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  tokenBox: text('token_box').notNull(),
  createdAt: createdAt(),
});
