import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { cancelJobs } from '../../db/cancel-jobs';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { clips, reelChunks, reelExports } from '../../db/schema';

export type ReelExportRow = typeof reelExports.$inferSelect;

/** The reel exports table. */
export function createReelExportsRepo(db: Db) {
  return {
    // Reel exports: one row per reel, written by the export-reel job of `jobId`, and only by it.
    async exportOf(reelId: string): Promise<ReelExportRow | undefined> {
      return (await db.select().from(reelExports).where(eq(reelExports.reelId, reelId)))[0];
    },

    /** Inserts a queued export unless the reel has one; returns whether it did. */
    async insertExport(tx: Executor, values: { reelId: string; tenantId: string; jobId: string }): Promise<boolean> {
      const rows = await tx.insert(reelExports).values(values).onConflictDoNothing().returning({ reelId: reelExports.reelId });
      return rows.length > 0;
    },

    /** Writes the job's state to its export; false when the export was discarded (or replaced) meanwhile. */
    async updateExport(
      reelId: string,
      jobId: string,
      values: Partial<Pick<ReelExportRow, 'status' | 'progress' | 'fileKey' | 'failureReason'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(reelExports)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(reelExports.reelId, reelId), eq(reelExports.jobId, jobId)))
        .returning({ reelId: reelExports.reelId });
      return rows.length > 0;
    },

    /** Discards the exports of these reels with their pending jobs, in `tx`; returns the discarded rows (their objects are the caller's to delete). */
    async discardExports(tx: Executor, reelIds: string[]): Promise<ReelExportRow[]> {
      if (reelIds.length === 0) return [];
      const rows = await tx.delete(reelExports).where(inArray(reelExports.reelId, reelIds)).returning();
      await cancelJobs(
        tx,
        'export-reel',
        rows.map((r) => r.jobId),
      );
      return rows;
    },

    /** The reels with an export that plays any of these clips (their exports go stale when the clips go). */
    async exportedReelsOfClips(tx: Executor, clipIds: string[]): Promise<string[]> {
      if (clipIds.length === 0) return [];
      const rows = await tx
        .selectDistinct({ reelId: reelChunks.reelId })
        .from(reelChunks)
        .innerJoin(reelExports, eq(reelExports.reelId, reelChunks.reelId))
        .where(inArray(reelChunks.clipId, clipIds));
      return rows.map((r) => r.reelId);
    },

    /**
     * The reels with an export whose chunks show any of these moments of a video (seconds of the video, in
     * [clip start + in, clip start + out), as an export burns in the drawings there).
     */
    async exportedReelsAt(tx: Executor, tenantId: string, videoId: string, at: number[]): Promise<string[]> {
      if (at.length === 0) return [];
      const rows = await tx
        .selectDistinct({ reelId: reelChunks.reelId })
        .from(reelChunks)
        .innerJoin(reelExports, eq(reelExports.reelId, reelChunks.reelId))
        .innerJoin(clips, eq(clips.id, reelChunks.clipId))
        .where(
          and(
            eq(clips.tenantId, tenantId),
            eq(clips.streamKind, 'video'),
            eq(clips.streamId, videoId),
            or(...at.map((moment) => sql`${clips.startSec} + ${reelChunks.inSec} <= ${moment} AND ${moment} < ${clips.startSec} + ${reelChunks.outSec}`)),
          ),
        );
      return rows.map((r) => r.reelId);
    },
  };
}
export type ReelExportsRepo = ReturnType<typeof createReelExportsRepo>;
