import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { clips, liveEvents, reelChunks, reels, users, videos } from '../../db/schema';
import { clipVisibleTo, sourceEvent, sourceTitle, sourceVideo, teamFootage, type Viewer, type VisibilityOf } from '../../db/clip-visibility';
import type { ChunkClip } from '../clips/clip-view';

export type ReelRow = typeof reels.$inferSelect;
/** A chunk with what its URL is made of, and where its clip comes from. */
export type ChunkWithClip = typeof reelChunks.$inferSelect & {
  clip: ChunkClip & Pick<typeof clips.$inferSelect, 'streamKind' | 'streamId' | 'momentMs'>;
};

const reelMaker: VisibilityOf = { tenantId: reels.tenantId, userId: reels.ownerUserId };

/** Reels with at least one chunk whose clip `also` holds. */
const reelHasChunk = (also: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${reelChunks} JOIN ${clips} ON ${clips.id} = ${reelChunks.clipId} WHERE ${reelChunks.reelId} = ${reels.id} AND ${also})`;

/** The reels the viewer put together that still play a clip they may see (a removed member's reels of the team's clips are gone). */
function myReels(viewer: Viewer) {
  return [eq(reels.tenantId, viewer.tenantId), eq(reels.ownerUserId, viewer.userId), isNull(reels.clipId), reelHasChunk(clipVisibleTo(viewer))];
}

/** The reels and reel chunks tables; a chunk's clip is read with the clips module's visibility rule. */
export function createReelsRepo(db: Db) {
  return {
    /** A clip's own reel, in the clip's transaction: that one clip, whole. */
    async insertOwnReel(tx: Executor, clip: { id: string; tenantId: string; ownerUserId: number; reelId: string; durationSec: number }): Promise<void> {
      await tx.insert(reels).values({ id: clip.reelId, tenantId: clip.tenantId, ownerUserId: clip.ownerUserId, clipId: clip.id });
      await tx.insert(reelChunks).values({ reelId: clip.reelId, position: 0, clipId: clip.id, inSec: 0, outSec: clip.durationSec, description: '' });
    },

    /** A clip's own reel follows its clip's new length (a live clip cut again). */
    async setOwnChunkLength(tx: Executor, clip: { id: string; reelId: string }, durationSec: number): Promise<void> {
      await tx
        .update(reelChunks)
        .set({ outSec: durationSec })
        .where(and(eq(reelChunks.reelId, clip.reelId), eq(reelChunks.clipId, clip.id), eq(reelChunks.inSec, 0)));
    },

    async insertReel(tx: Executor, values: { id: string; tenantId: string; ownerUserId: number; title?: string | null }): Promise<ReelRow> {
      const [row] = await tx.insert(reels).values(values).returning();
      return row!;
    },

    async replaceChunks(tx: Executor, reelId: string, chunks: { clipId: string; inSec: number; outSec: number; description: string }[]): Promise<void> {
      await tx.delete(reelChunks).where(eq(reelChunks.reelId, reelId));
      await tx.insert(reelChunks).values(chunks.map((c, position) => ({ ...c, reelId, position })));
    },

    /** `shared` undefined keeps the share link as it is. */
    async updateReel(tx: Executor, id: string, values: { title: string | null; shared?: boolean | undefined }): Promise<void> {
      await tx
        .update(reels)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(reels.id, id));
    },

    async reelById(tenantId: string, id: string): Promise<ReelRow | undefined> {
      return (await db.select().from(reels).where(and(eq(reels.tenantId, tenantId), eq(reels.id, id))))[0];
    },

    async deleteReel(tx: Executor, id: string): Promise<void> {
      await tx.delete(reels).where(eq(reels.id, id));
    },

    /** The reels the caller put together (not the clips' own), newest first, strictly older than `before`. */
    async myReelsPage(viewer: Viewer, options: { before?: Date; limit: number }): Promise<ReelRow[]> {
      return db
        .select()
        .from(reels)
        .where(and(...myReels(viewer), options.before ? lt(reels.createdAt, options.before) : undefined))
        .orderBy(desc(reels.createdAt), desc(reels.id))
        .limit(options.limit);
    },

    async myReelsInMillisecond(viewer: Viewer, at: Date): Promise<ReelRow[]> {
      return db
        .select()
        .from(reels)
        .where(and(...myReels(viewer), gte(reels.createdAt, at), lt(reels.createdAt, new Date(at.getTime() + 1))))
        .orderBy(desc(reels.createdAt), desc(reels.id));
    },

    /**
     * The chunks of these reels in order, with their clips and the clips' source titles: only those whose
     * clip `who` may see now (a viewer, or for a share link and an export, each reel's maker).
     */
    async chunksOf(reelIds: string[], who: Viewer | 'maker'): Promise<ChunkWithClip[]> {
      if (reelIds.length === 0) return [];
      return db
        .select({
          id: reelChunks.id,
          reelId: reelChunks.reelId,
          position: reelChunks.position,
          clipId: reelChunks.clipId,
          inSec: reelChunks.inSec,
          outSec: reelChunks.outSec,
          description: reelChunks.description,
          clip: {
            id: clips.id,
            startSec: clips.startSec,
            durationSec: clips.durationSec,
            sourceKey: clips.sourceKey,
            fileKey: clips.fileKey,
            posterKey: clips.posterKey,
            status: clips.status,
            sourceTitle,
            streamKind: clips.streamKind,
            streamId: clips.streamId,
            momentMs: clips.momentMs,
          },
        })
        .from(reelChunks)
        .innerJoin(clips, eq(clips.id, reelChunks.clipId))
        .innerJoin(reels, eq(reels.id, reelChunks.reelId))
        .leftJoin(videos, sourceVideo)
        .leftJoin(liveEvents, sourceEvent)
        .where(and(inArray(reelChunks.reelId, reelIds), clipVisibleTo(who === 'maker' ? reelMaker : who)))
        .orderBy(asc(reelChunks.reelId), asc(reelChunks.position));
    },

    /** How many chunks the reel has, seen or not. */
    async chunkCount(reelId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(reelChunks).where(eq(reelChunks.reelId, reelId));
      return row?.n ?? 0;
    },

    /**
     * The shared reels of the tenant that play any of the team's footage (`ownerUserId` owns the team),
     * newest first, with their maker's name.
     */
    async sharedReelsOfTeam(tenantId: string, ownerUserId: number, limit: number): Promise<(ReelRow & { makerUsername: string })[]> {
      const rows = await db
        .select({ reel: reels, makerUsername: users.username })
        .from(reels)
        .innerJoin(users, eq(users.id, reels.ownerUserId))
        .where(and(eq(reels.tenantId, tenantId), eq(reels.shared, true), reelHasChunk(teamFootage(ownerUserId))))
        .orderBy(desc(reels.createdAt), desc(reels.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.reel, makerUsername: r.makerUsername }));
    },

    /** Whether the reel plays any of the team's footage (`ownerUserId` owns the team). */
    async playsTeamFootage(reelId: string, ownerUserId: number): Promise<boolean> {
      const rows = await db.select({ id: reels.id }).from(reels).where(and(eq(reels.id, reelId), reelHasChunk(teamFootage(ownerUserId))));
      return rows.length > 0;
    },

    async setShared(id: string, shared: boolean): Promise<void> {
      await db.update(reels).set({ shared, updatedAt: sql`now()` }).where(eq(reels.id, id));
    },
  };
}

export type ReelsRepo = ReturnType<typeof createReelsRepo>;
