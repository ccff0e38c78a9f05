import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { videos } from '../../../db/schema';
import type { StoredRendition, StoredStoryboard } from '../../../db/stored-media';

export type VideoRow = typeof videos.$inferSelect;
export type RenditionName = 'preview' | 'low' | 'full';

const olderThan = (staleAfterSec: number) => sql`now() - make_interval(secs => ${staleAfterSec})`;

/** Rows this attempt still owns: a retry that took the video over makes every later write a no-op. */
const owned = (videoId: string, attemptId: string) =>
  and(eq(videos.id, videoId), eq(videos.attemptId, attemptId), eq(videos.status, 'processing'));

export async function findVideo(db: Db, videoId: string): Promise<VideoRow | null> {
  const [row] = await db.select().from(videos).where(eq(videos.id, videoId));
  return row ?? null;
}

/**
 * Makes `attemptId` the owner of a processing video. Succeeds when nobody owns it, when the owner
 * was an earlier attempt of the same pg-boss job (a retry), or when the owner stopped beating.
 * null: the video is gone, finished, or a live attempt of another job is on it.
 */
export async function claimVideo(
  db: Db,
  claim: { videoId: string; attemptId: string; jobId: string; staleAfterSec: number },
): Promise<VideoRow | null> {
  const [row] = await db
    .update(videos)
    .set({ attemptId: claim.attemptId, jobId: claim.jobId, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(videos.id, claim.videoId),
        eq(videos.status, 'processing'),
        or(
          isNull(videos.attemptId),
          eq(videos.jobId, claim.jobId),
          isNull(videos.heartbeatAt),
          lt(videos.heartbeatAt, olderThan(claim.staleAfterSec)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** One write to a row this attempt owns, beating the heartbeat with it; false when it no longer owns it. */
async function updateOwned(db: Db, videoId: string, attemptId: string, values: PgUpdateSetSource<typeof videos>): Promise<boolean> {
  const rows = await db
    .update(videos)
    .set({ ...values, heartbeatAt: sql`now()` })
    .where(owned(videoId, attemptId))
    .returning({ id: videos.id });
  return rows.length === 1;
}

/** Heartbeat and progress in one write (in the caller's transaction, if any), returning who hears of the video; null when the attempt no longer owns it. */
export async function beatReturning(tx: Pick<Db, 'update'>, videoId: string, attemptId: string, progress: number) {
  const [row] = await tx
    .update(videos)
    .set({ progress, heartbeatAt: sql`now()` })
    .where(owned(videoId, attemptId))
    .returning({ id: videos.id, tenantId: videos.tenantId, ownerUserId: videos.ownerUserId, status: videos.status });
  return row ?? null;
}

/** `beatReturning` when no one is told: false when the attempt no longer owns the video. */
export const beat = async (db: Db, videoId: string, attemptId: string, progress: number) => (await beatReturning(db, videoId, attemptId, progress)) !== null;

export const setSourceInfo = (db: Db, videoId: string, attemptId: string, info: { durationSec: number; width: number; height: number }) =>
  updateOwned(db, videoId, attemptId, { ...info, updatedAt: sql`now()` });

/** Points `renditions[name]` at a completely stored object; low and preview make the video playable. */
export const setRendition = (db: Db, videoId: string, attemptId: string, name: RenditionName, value: StoredRendition) =>
  updateOwned(db, videoId, attemptId, {
    renditions: sql`${videos.renditions} || jsonb_build_object(${name}::text, ${JSON.stringify(value)}::jsonb)`,
    ...(name === 'full' ? {} : { playableAt: sql`coalesce(${videos.playableAt}, now())` }),
    updatedAt: sql`now()`,
  });

export const setPoster = (db: Db, videoId: string, attemptId: string, posterKey: string) =>
  updateOwned(db, videoId, attemptId, { posterKey, updatedAt: sql`now()` });

export const setStoryboard = (db: Db, videoId: string, attemptId: string, storyboard: StoredStoryboard) =>
  updateOwned(db, videoId, attemptId, { storyboard, updatedAt: sql`now()` });

export async function markReady(db: Pick<Db, 'update'>, videoId: string, attemptId: string): Promise<VideoRow | null> {
  const [row] = await db
    .update(videos)
    .set({
      status: 'ready',
      progress: 100,
      failureReason: null,
      readyAt: sql`now()`,
      playableAt: sql`coalesce(${videos.playableAt}, now())`,
      heartbeatAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(owned(videoId, attemptId))
    .returning();
  return row ?? null;
}

const failedState = (reason: string) => ({
  status: 'failed',
  failureReason: reason,
  // The outputs are deleted right after; a failed video points at nothing.
  renditions: {},
  posterKey: null,
  storyboard: null,
  playableAt: null,
  updatedAt: sql`now()`,
});

/** The attempt gives up on the video (bad input, or its last retry failed). */
export async function markFailed(db: Pick<Db, 'update'>, videoId: string, attemptId: string, reason: string): Promise<VideoRow | null> {
  const [row] = await db.update(videos).set(failedState(reason)).where(owned(videoId, attemptId)).returning();
  return row ?? null;
}

/** The reaper gives up on a video whose worker died on the job's last attempt; only while still stale. */
export async function markStaleFailed(
  db: Pick<Db, 'update'>,
  stale: { videoId: string; attemptId: string | null; staleAfterSec: number },
  reason: string,
): Promise<VideoRow | null> {
  const [row] = await db
    .update(videos)
    .set(failedState(reason))
    .where(
      and(
        eq(videos.id, stale.videoId),
        eq(videos.status, 'processing'),
        stale.attemptId === null ? isNull(videos.attemptId) : eq(videos.attemptId, stale.attemptId),
        lt(videos.heartbeatAt, olderThan(stale.staleAfterSec)),
      ),
    )
    .returning();
  return row ?? null;
}

export interface StaleVideo {
  id: string;
  tenantId: string;
  jobId: string | null;
  attemptId: string | null;
  heartbeatAt: Date;
  heartbeatAgeSec: number;
}

/** Processing videos whose worker stopped beating (uses the partial index videos_processing_heartbeat). */
export async function findStale(db: Db, staleAfterSec: number, limit = 100): Promise<StaleVideo[]> {
  return db
    .select({
      id: videos.id,
      tenantId: videos.tenantId,
      jobId: videos.jobId,
      attemptId: videos.attemptId,
      heartbeatAt: sql<Date>`${videos.heartbeatAt}`.mapWith(videos.heartbeatAt),
      heartbeatAgeSec: sql<number>`extract(epoch from now() - ${videos.heartbeatAt})::float8`,
    })
    .from(videos)
    .where(and(eq(videos.status, 'processing'), isNotNull(videos.heartbeatAt), lt(videos.heartbeatAt, olderThan(staleAfterSec))))
    .orderBy(videos.heartbeatAt)
    .limit(limit);
}

/** Whether a temp dir of `attemptId` may still be in use by a live attempt. */
export async function isLiveAttempt(db: Db, videoId: string, attemptId: string, staleAfterSec: number): Promise<boolean> {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(
      and(
        eq(videos.id, videoId),
        eq(videos.status, 'processing'),
        eq(videos.attemptId, attemptId),
        sql`${videos.heartbeatAt} >= ${olderThan(staleAfterSec)}`,
      ),
    );
  return rows.length === 1;
}

/** Ready videos that still point at their fast first-play copy, ready for at least `afterSec`. */
export async function findRetirablePreviews(db: Db, afterSec: number, limit = 100): Promise<{ id: string; key: string; sourceKey: string }[]> {
  return db
    .select({ id: videos.id, key: sql<string>`${videos.renditions} -> 'preview' ->> 'key'`, sourceKey: videos.sourceKey })
    .from(videos)
    .where(and(eq(videos.status, 'ready'), sql`${videos.renditions} ? 'preview'`, lt(videos.readyAt, olderThan(afterSec))))
    .orderBy(videos.readyAt)
    .limit(limit);
}

/** Drops the preview pointer, if it still is `key`. */
export async function forgetPreview(db: Db, videoId: string, key: string): Promise<boolean> {
  const rows = await db
    .update(videos)
    .set({ renditions: sql`${videos.renditions} - 'preview'` })
    .where(and(eq(videos.id, videoId), sql`${videos.renditions} -> 'preview' ->> 'key' = ${key}`))
    .returning({ id: videos.id });
  return rows.length === 1;
}
