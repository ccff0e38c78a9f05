import { bigint, boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { clips } from './clips';
import { channels } from './teams';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A live game. `key` is public (every page and API path); the encoder publishes with a secret
 * ingest key, kept as a SHA-256 hash for the publish check and sealed with the key box for its owner.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    key: text('key').notNull().unique(),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** A three-letter sport code, upper case (docs/product.md#finding-games). */
    sport: text('sport').notNull(),
    startsAt: ts('starts_at').notNull(),
    thumbnail: text('thumbnail').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    ingestKeyHash: text('ingest_key_hash').notNull().unique(),
    ingestKeyBox: text('ingest_key_box').notNull(),
    status: text('status').$type<'upcoming' | 'live' | 'ended'>().notNull().default('upcoming'),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    /** The encoder's last sign of life (publish or segment). */
    lastSeenAt: ts('last_seen_at'),
    /** Part of every path and playback token of the game: bumping it stops them all at once. */
    accessEpoch: integer('access_epoch').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('live_events_tenant_status_starts').on(t.tenantId, t.status, t.startsAt),
    index('live_events_channel_starts').on(t.channelId, t.startsAt),
  ],
);

/** A viewer's part of their playback tokens: bumped when they may no longer watch what they could. */
export const liveViewerAccess = pgTable('live_viewer_access', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  epoch: integer('epoch').notNull().default(0),
});

/** One row per HLS segment in Storage: playlists (live, DVR, archive) are written from rows. */
export const liveSegments = pgTable(
  'live_segments',
  {
    eventId: uuid('event_id').notNull().references(() => liveEvents.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Wall clock of the segment's first frame (EXT-X-PROGRAM-DATE-TIME), ms since the epoch. */
    startedAtMs: bigint('started_at_ms', { mode: 'number' }).notNull(),
    durationSec: doublePrecision('duration_sec').notNull(),
    /** First segment of a new publish (encoder reconnect). */
    discontinuity: boolean('discontinuity').notNull().default(false),
    byteSize: integer('byte_size').notNull(),
  },
  (t) => [uniqueIndex('live_segments_pkey').on(t.eventId, t.seq), index('live_segments_event_time').on(t.eventId, t.startedAtMs)],
);

/** Crowd cheers found in an event's audio (auto highlights), each with a clip of the moment. */
export const liveCheers = pgTable(
  'live_cheers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull().references(() => liveEvents.id, { onDelete: 'cascade' }),
    timestampMs: bigint('timestamp_ms', { mode: 'number' }).notNull(),
    score: doublePrecision('score').notNull(),
    clipId: uuid('clip_id').references(() => clips.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('live_cheers_event_id_timestamp_ms_key').on(t.eventId, t.timestampMs)],
);

/** Who is watching: refreshed while a viewer's player loads the playlist. */
export const liveViewers = pgTable(
  'live_viewers',
  {
    eventId: uuid('event_id').notNull().references(() => liveEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('live_viewers_pkey').on(t.eventId, t.userId), index('live_viewers_event_seen').on(t.eventId, t.seenAt)],
);

/** A fan follows a team (its channel) and sees its public games first. */
export const teamFollows = pgTable(
  'team_follows',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').notNull().references(() => channels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('team_follows_pkey').on(t.userId, t.channelId), index('team_follows_channel').on(t.channelId)],
);
