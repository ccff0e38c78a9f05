import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { liveEvents } from './live';
import { channels } from './teams';
import { tenants } from './tenants';
import { users } from './users';
import { videos } from './videos';

/** A button of a team's code window as it is stored (the contract's `codeButton`). */
export interface StoredCodeButton {
  _id: string;
  name: string;
  color: string;
  hotkey: string | null;
  group: string;
  leadSeconds: number;
  lagSeconds: number;
  labels: string[];
}

/**
 * A team's code window, read and written whole (at most 100 buttons). No row: the team has not used it
 * yet, and its first read stores the starter set of its sport.
 */
export const codeWindows = pgTable('code_windows', {
  channelId: integer('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  tenantId: text('tenant_id').notNull().references(() => tenants.id),
  buttons: jsonb('buttons').$type<StoredCodeButton[]>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A tagged instance (Sportscode's `<instance>`) of a video or of a live game, made with a team's window:
 * the team's members see it. `code` is the button's name when it was made (a rename carries it along).
 * Times are seconds of the video, or of the game (since its real start).
 */
export const filmTags = pgTable(
  'film_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => liveEvents.id, { onDelete: 'cascade' }),
    makerUserId: integer('maker_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    startSec: doublePrecision('start_sec').notNull(),
    endSec: doublePrecision('end_sec').notNull(),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('film_tags_one_source', sql`num_nonnulls(${t.videoId}, ${t.eventId}) = 1`),
    check('film_tags_times', sql`${t.startSec} >= 0 AND ${t.startSec} <= ${t.endSec}`),
    index('film_tags_video').on(t.videoId, t.channelId, t.startSec).where(sql`${t.videoId} IS NOT NULL`),
    index('film_tags_event').on(t.eventId, t.channelId, t.startSec).where(sql`${t.eventId} IS NOT NULL`),
    // A channel's tags by code name: a renamed button's tags are recoded.
    index('film_tags_channel_code').on(t.channelId, t.code),
  ],
);
