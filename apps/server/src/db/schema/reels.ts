import { type AnyPgColumn, boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { clips } from './clips';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Shared lists of clips: an ordered list of chunks, each a clip with its own in/out. The id
 * is the public share link (`GET /api/reels/{id}`), so it is unguessable: 144 random bits, base64url.
 * Every clip has a one-chunk reel of its own (`clips.reel_id`), which is what its page plays.
 */
export const reels = pgTable(
  'reels',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    /** Off (the default: nothing is public until its maker shares it): the share link answers 404. */
    shared: boolean('shared').notNull().default(false),
    /** Set on a clip's own one-chunk reel, which goes with the clip however the clip goes. */
    clipId: uuid('clip_id')
      .unique()
      .references((): AnyPgColumn => clips.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('reels_owner_created').on(t.ownerUserId, t.createdAt)],
);

export const reelChunks = pgTable(
  'reel_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reelId: text('reel_id').notNull().references(() => reels.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    clipId: uuid('clip_id').notNull().references(() => clips.id, { onDelete: 'cascade' }),
    /** Seconds from the clip's start. */
    inSec: doublePrecision('in_sec').notNull(),
    outSec: doublePrecision('out_sec').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('reel_chunks_reel_position').on(t.reelId, t.position), index('reel_chunks_clip').on(t.clipId)],
);

/** A reel's MP4 export, one per reel, kept until the reel changes. */
export const reelExports = pgTable('reel_exports', {
  reelId: text('reel_id')
    .primaryKey()
    .references(() => reels.id, { onDelete: 'cascade' }),
  tenantId: text('tenant_id').notNull().references(() => tenants.id),
  jobId: uuid('job_id').notNull(),
  status: text('status').$type<'queued' | 'running' | 'ready' | 'failed'>().notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  fileKey: text('file_key'),
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
