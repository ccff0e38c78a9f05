import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { tenants } from './tenants';
import { users } from './users';
import type { StoredHighlight, StoredRendition, StoredStoryboard } from '../stored-media';

/**
 * A video of a user's library. `status` moves processing -> ready or
 * failed; `renditions.preview` is the fast copy-remux playable before the renditions finish.
 * Rendition keys are written only after the file is completely stored, so a reader never gets a
 * half-written one.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    /** processing | ready | failed */
    status: text('status').notNull().default('processing'),
    failureReason: text('failure_reason'),
    /** 0-100 while processing. */
    progress: integer('progress').notNull().default(0),
    sourceKey: text('source_key').notNull(),
    sourceName: text('source_name'),
    sourceSize: bigint('source_size', { mode: 'number' }),
    sourceContentType: text('source_content_type'),
    durationSec: doublePrecision('duration_sec'),
    width: integer('width'),
    height: integer('height'),
    renditions: jsonb('renditions').$type<{ preview?: StoredRendition; low?: StoredRendition; full?: StoredRendition }>().notNull().default({}),
    posterKey: text('poster_key'),
    storyboard: jsonb('storyboard').$type<StoredStoryboard>(),
    highlights: jsonb('highlights').$type<StoredHighlight[]>().notNull().default([]),
    /** The generated test video offered on Upload (docs/product.md#upload). */
    isTest: boolean('is_test').notNull().default(false),
    /** Set by the worker while it transcodes; a stale heartbeat means the worker died and the job is retried. */
    heartbeatAt: ts('heartbeat_at'),
    /** The pg-boss job transcoding this video; the stale-heartbeat reaper fails it so it is retried at once. */
    jobId: uuid('job_id'),
    /**
     * The transcode attempt that owns the row: only it may write progress and pointers, and its
     * outputs are stored under `videos/<id>/renditions/<attemptId>/`, so a retry never overwrites
     * an object a pointer refers to.
     */
    attemptId: text('attempt_id'),
    playableAt: ts('playable_at'),
    readyAt: ts('ready_at'),
    /** The library's dateTime and paging cursor. */
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('videos_owner_created').on(t.ownerUserId, t.createdAt),
    // The library page: a tenant's videos newest first, read until a page of visible ones is found
    // (20k videos in a tenant: 5.7 ms as a scan and sort, 0.08 ms on this index), scanned backwards
    // for `ORDER BY created_at DESC, id DESC`.
    index('videos_tenant_created').on(t.tenantId, t.createdAt, t.id),
    index('videos_tenant_status').on(t.tenantId, t.status),
    // The reaper's query: processing videos by heartbeat age.
    index('videos_processing_heartbeat').on(t.heartbeatAt).where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * A pending upload (`POST /api/user/preupload`): the signed target and what the bytes must be.
 * For a video the key is also the id of the video that completing it creates, so the bytes go
 * straight to the video's source key and a repeated complete finds the video it made.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The video's initial title as the client named it (a camera recording's date); else the file name decides. */
    title: text('title'),
    contentType: text('content_type').notNull(),
    /** hero | avatar for profile images; null for videos. */
    tag: text('tag'),
    /** Unique: a tus upload is addressed by its storage key (the tus store writes at that key). */
    storageKey: text('storage_key').notNull(),
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    /** The size the client declared (preupload `size`, or tus `Upload-Length`); complete checks the stored object against it. */
    size: bigint('size', { mode: 'number' }),
    /** put (one signed PUT) or tus (resumable, large files). */
    protocol: text('protocol').notNull().default('put'),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user').on(t.userId),
    uniqueIndex('uploads_storage_key').on(t.storageKey),
    // The sweep of expired, unfinished uploads.
    index('uploads_expires').on(t.expiresAt).where(sql`${t.completedAt} IS NULL`),
  ],
);

/** Comments on a video (`GET /api/user/videos/{key}/messages`): content and publisher. */
export const videoComments = pgTable(
  'video_messages',
  {
    id: serial('id').primaryKey(),
    videoId: uuid('video_id').notNull().references(() => videos.id, { onDelete: 'cascade' }),
    publisherUserId: integer('publisher_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('video_messages_video').on(t.videoId, t.createdAt)],
);

/**
 * Moves whenever anything a library page shows, or who may see it, changes in a tenant: bumped by
 * triggers on videos, channel_members, channels and users (migration 0009), read by the library's
 * cache (videos/library-cache.ts). No row means nothing changed since the migration: version 0.
 */
export const libraryVersions = pgTable('library_versions', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
