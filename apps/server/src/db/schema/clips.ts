import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A time range of a source: `stream_kind` 'video' (a video) or 'live' (a live event) and
 * `stream_id` its key. `clip_id` is the moment in ms, unique within the stream. Until the cut job
 * stores the clip's own file (`file_key`), it plays from `source_key`, the rendition it is cut from.
 */
export const clips = pgTable(
  'clips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    streamKind: text('stream_kind').notNull().default('video'),
    streamId: text('stream_id').notNull(),
    /** Who owns the source: a clip is visible to whoever may see its source (the owner and the owner's team). */
    sourceOwnerUserId: integer('source_owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The moment in ms (the API's `clip_id`). */
    momentMs: bigint('clip_id', { mode: 'number' }).notNull(),
    /** Its own reel (`reels.clip_id` points back and cascades). */
    reelId: text('reel_id').notNull().unique(),
    startSec: doublePrecision('start_sec').notNull(),
    durationSec: doublePrecision('duration_sec').notNull(),
    description: text('description').notNull().default(''),
    cheer: boolean('cheer').notNull().default(false),
    /** The rendition the clip is cut from, and which preset encoded it ('full' | 'low'). */
    sourceKey: text('source_key').notNull(),
    sourceRendition: text('source_rendition').notNull(),
    /** cutting | ready | failed (a failed clip keeps playing from its source). */
    status: text('status').notNull().default('cutting'),
    fileKey: text('file_key'),
    posterKey: text('poster_key'),
    jobId: uuid('job_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clips_stream_clip_id').on(t.tenantId, t.streamKind, t.streamId, t.momentMs),
    index('clips_owner_created').on(t.ownerUserId, t.createdAt),
    // The team clips list: a tenant's clips, newest first.
    index('clips_tenant_created').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A clip someone else made that a user saved to their library (`POST /api/user/clips/{id}/save`).
 * Listed only while the saver may see the clip: visibility is read, not stored.
 */
export const savedClips = pgTable(
  'saved_clips',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clipId: uuid('clip_id')
      .notNull()
      .references(() => clips.id, { onDelete: 'cascade' }),
    savedAt: ts('saved_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clipId] }), index('saved_clips_user_saved').on(t.userId, t.savedAt), index('saved_clips_clip').on(t.clipId)],
);
