import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { clips, liveEvents, reelChunks, reelExports, reels, savedClips, users, videos } from '../../db/schema';

export type ClipRow = typeof clips.$inferSelect;
export type NewClip = typeof clips.$inferInsert;
export type ReelRow = typeof reels.$inferSelect;
export type ReelExportRow = typeof reelExports.$inferSelect;
/** A clip with its source's title (the clip JSON's `clipTitle`). */
export type ClipWithTitle = ClipRow & { sourceTitle: string | null };
/** A clip of a library: `listedAt` is when the library's owner made it, or saved it. */
export type LibraryClip = ClipWithTitle & { listedAt: Date };
/** A chunk with what its URL is made of. */
export type ChunkWithClip = typeof reelChunks.$inferSelect & {
  clip: Pick<ClipRow, 'id' | 'startSec' | 'durationSec' | 'sourceKey' | 'fileKey' | 'posterKey' | 'status'> & { sourceTitle: string | null };
};

export interface Viewer {
  tenantId: string;
  userId: number;
}

/** Who a clip's visibility is read for: a viewer, or each reel's maker (a share link plays what its maker may see now). */
type VisibilityOf = { tenantId: string | AnyPgColumn; userId: number | AnyPgColumn };
const reelMaker: VisibilityOf = { tenantId: reels.tenantId, userId: reels.ownerUserId };

/**
 * A clip is visible to whoever may see its source: for a video, the source's owner and everyone sharing a
 * team with them, in the tenant (the videos module's rule); for a live event, its team (owner and channel
 * members) and, when the event is public, everyone of the tenant (the live module's rule). Read in SQL
 * here because a page filters on it.
 */
function clipVisibleTo(viewer: VisibilityOf): SQL {
  return and(
    eq(clips.tenantId, viewer.tenantId),
    sql`(CASE WHEN ${clips.streamKind} = 'live' THEN EXISTS (
      SELECT 1 FROM live_events e WHERE e.tenant_id = ${clips.tenantId} AND e.key = ${clips.streamId} AND (e.is_public OR e.owner_user_id = ${viewer.userId}
         OR EXISTS (SELECT 1 FROM channel_members cm WHERE cm.channel_id = e.channel_id AND cm.user_id = ${viewer.userId})))
    ELSE (${clips.sourceOwnerUserId} = ${viewer.userId} OR EXISTS (
      SELECT 1 FROM channel_members mine JOIN channel_members theirs ON theirs.channel_id = mine.channel_id
       WHERE mine.user_id = ${viewer.userId} AND theirs.user_id = ${clips.sourceOwnerUserId})) END)`,
  )!;
}

/**
 * The clips of a team (its channel): of the videos its members uploaded and of its live games. Needs the
 * source's live event joined (`sourceEvent`).
 */
function clipOfTeam(channelId: number): SQL {
  return sql`(CASE WHEN ${clips.streamKind} = 'live' THEN ${liveEvents.channelId} = ${channelId}
    ELSE EXISTS (SELECT 1 FROM channel_members tm WHERE tm.channel_id = ${channelId} AND tm.user_id = ${clips.sourceOwnerUserId}) END)`;
}

/** The team's footage: clips of a source the team's owner or one of their channels' members owns. */
const teamFootage = (ownerUserId: number) =>
  sql`(${clips.sourceOwnerUserId} = ${ownerUserId} OR EXISTS (
    SELECT 1 FROM channel_members cm JOIN channels c ON c.id = cm.channel_id WHERE c.owner_user_id = ${ownerUserId} AND cm.user_id = ${clips.sourceOwnerUserId}))`;

/** Reels with at least one chunk whose clip `also` holds. */
const reelHasChunk = (also: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${reelChunks} JOIN ${clips} ON ${clips.id} = ${reelChunks.clipId} WHERE ${reelChunks.reelId} = ${reels.id} AND ${also})`;

/** The clips of one stream (a video, or a live event by its key) of a tenant. */
const clipsOfStream = (tenantId: string, streamKind: string, streamId: string) =>
  and(eq(clips.tenantId, tenantId), eq(clips.streamKind, streamKind), eq(clips.streamId, streamId));

export function createClipsRepo(db: Db) {
  // The source's title (the clip JSON's clipTitle) is the one column read of the videos and live events tables.
  // The cast on the clip's side keeps the join on the videos primary key; CASE casts video streams only.
  const sourceVideo = sql`${videos.id} = (CASE WHEN ${clips.streamKind} = 'video' THEN ${clips.streamId}::uuid END)`;
  const sourceEvent = and(eq(clips.streamKind, 'live'), eq(liveEvents.key, clips.streamId), eq(liveEvents.tenantId, clips.tenantId));
  const sourceTitle = sql<string | null>`coalesce(${videos.title}, ${liveEvents.title})`;
  const selectWithTitle = () =>
    db.select({ clip: clips, sourceTitle }).from(clips).leftJoin(videos, sourceVideo).leftJoin(liveEvents, sourceEvent);
  const flat = (rows: { clip: ClipRow; sourceTitle: string | null }[]): ClipWithTitle[] => rows.map((r) => ({ ...r.clip, sourceTitle: r.sourceTitle }));

  /**
   * The viewer's library: their own clips (listed when made) and the ones they saved (listed when
   * saved), each only while its source is visible to them. `where` narrows it by `listedAt`.
   */
  function selectLibrary(viewer: Viewer) {
    const listedAt = sql`CASE WHEN ${clips.ownerUserId} = ${viewer.userId} THEN ${clips.createdAt} ELSE ${savedClips.savedAt} END`;
    const query = (where: SQL | undefined) =>
      db
        .select({ clip: clips, sourceTitle, listedAt: listedAt.mapWith(clips.createdAt) })
        .from(clips)
        .leftJoin(videos, sourceVideo)
        .leftJoin(liveEvents, sourceEvent)
        .leftJoin(savedClips, and(eq(savedClips.clipId, clips.id), eq(savedClips.userId, viewer.userId)))
        .where(and(or(eq(clips.ownerUserId, viewer.userId), isNotNull(savedClips.userId)), clipVisibleTo(viewer), where));
    return { listedAt, query };
  }
  const flatLibrary = (rows: { clip: ClipRow; sourceTitle: string | null; listedAt: Date }[]): LibraryClip[] =>
    rows.map((r) => ({ ...r.clip, sourceTitle: r.sourceTitle, listedAt: r.listedAt }));

  return {
    /**
     * Inserts the clip with its one-chunk reel. `clip_id` is the requested moment or, when another
     * clip of the stream has it, the next free millisecond; a lock per stream makes concurrent
     * clips of one moment take turns.
     */
    async insertClip(tx: Executor, values: Omit<NewClip, 'reelId'> & { clipId: number; reelId: string }): Promise<ClipRow> {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext('clips.stream'), hashtext(${values.tenantId} || '/' || ${values.streamKind ?? 'video'} || '/' || ${values.streamId}))`,
      );
      const taken = await tx
        .select({ clipId: clips.clipId })
        .from(clips)
        .where(and(clipsOfStream(values.tenantId, values.streamKind ?? 'video', values.streamId), gte(clips.clipId, values.clipId)))
        .orderBy(asc(clips.clipId));
      let clipId = values.clipId;
      for (const row of taken) {
        if (row.clipId !== clipId) break;
        clipId++;
      }
      const [row] = await tx
        .insert(clips)
        .values({ ...values, clipId })
        .returning();
      await tx.insert(reels).values({ id: values.reelId, tenantId: values.tenantId, ownerUserId: values.ownerUserId, clipId: row!.id });
      await tx.insert(reelChunks).values({ reelId: values.reelId, position: 0, clipId: row!.id, inSec: 0, outSec: row!.durationSec, description: '' });
      return row!;
    },

    async byId(tenantId: string, id: string): Promise<ClipWithTitle | undefined> {
      return flat(await selectWithTitle().where(and(eq(clips.tenantId, tenantId), eq(clips.id, id))))[0];
    },

    async byStreamClip(tenantId: string, streamId: string, clipId: number): Promise<ClipWithTitle | undefined> {
      const rows = await selectWithTitle().where(and(eq(clips.tenantId, tenantId), eq(clips.streamId, streamId), eq(clips.clipId, clipId)));
      return flat(rows)[0];
    },

    /**
     * The caller's library, newest first, strictly before `before`: the clips they made and the ones
     * they saved, each while they may still see its source.
     */
    async libraryPage(viewer: Viewer, options: { before?: Date; limit: number }): Promise<LibraryClip[]> {
      const { listedAt, query } = selectLibrary(viewer);
      const rows = await query(options.before ? sql`${listedAt} < ${options.before.toISOString()}::timestamptz` : undefined)
        .orderBy(desc(listedAt), desc(clips.id))
        .limit(options.limit);
      return flatLibrary(rows);
    },

    async libraryInMillisecond(viewer: Viewer, at: Date): Promise<LibraryClip[]> {
      const { listedAt, query } = selectLibrary(viewer);
      const from = at.toISOString();
      const to = new Date(at.getTime() + 1).toISOString();
      const rows = await query(sql`${listedAt} >= ${from}::timestamptz AND ${listedAt} < ${to}::timestamptz`).orderBy(desc(listedAt), desc(clips.id));
      return flatLibrary(rows);
    },

    /** A team's clips the viewer may see (`clipOfTeam`), newest first, strictly older than `before`. */
    async teamPage(viewer: Viewer, channelId: number, options: { before?: Date; limit: number }): Promise<ClipWithTitle[]> {
      const rows = await selectWithTitle()
        .where(and(clipVisibleTo(viewer), clipOfTeam(channelId), options.before ? lt(clips.createdAt, options.before) : undefined))
        .orderBy(desc(clips.createdAt), desc(clips.id))
        .limit(options.limit);
      return flat(rows);
    },

    async teamInMillisecond(viewer: Viewer, channelId: number, at: Date): Promise<ClipWithTitle[]> {
      const rows = await selectWithTitle()
        .where(and(clipVisibleTo(viewer), clipOfTeam(channelId), gte(clips.createdAt, at), lt(clips.createdAt, new Date(at.getTime() + 1))))
        .orderBy(desc(clips.createdAt), desc(clips.id));
      return flat(rows);
    },

    /** Saves a clip to the user's library; saving it again keeps the first save's time. */
    async save(userId: number, clipId: string): Promise<void> {
      await db.insert(savedClips).values({ userId, clipId }).onConflictDoNothing();
    },

    async unsave(userId: number, clipId: string): Promise<void> {
      await db.delete(savedClips).where(and(eq(savedClips.userId, userId), eq(savedClips.clipId, clipId)));
    },

    async isSaved(userId: number, clipId: string): Promise<boolean> {
      const rows = await db
        .select({ clipId: savedClips.clipId })
        .from(savedClips)
        .where(and(eq(savedClips.userId, userId), eq(savedClips.clipId, clipId)));
      return rows.length > 0;
    },

    /** Every clip of a stream, newest first. */
    async ofStream(tenantId: string, streamKind: string, streamId: string): Promise<ClipWithTitle[]> {
      const rows = await selectWithTitle()
        .where(clipsOfStream(tenantId, streamKind, streamId))
        .orderBy(desc(clips.createdAt), desc(clips.id));
      return flat(rows);
    },

    /** A page of a stream's clips, newest first, strictly older than `before`. */
    async ofStreamPage(tenantId: string, streamKind: string, streamId: string, options: { before?: Date; limit: number }): Promise<ClipWithTitle[]> {
      const rows = await selectWithTitle()
        .where(
          and(
            clipsOfStream(tenantId, streamKind, streamId),
            options.before ? lt(clips.createdAt, options.before) : undefined,
          ),
        )
        .orderBy(desc(clips.createdAt), desc(clips.id))
        .limit(options.limit);
      return flat(rows);
    },

    async ofStreamInMillisecond(tenantId: string, streamKind: string, streamId: string, at: Date): Promise<ClipWithTitle[]> {
      const rows = await selectWithTitle()
        .where(
          and(
            clipsOfStream(tenantId, streamKind, streamId),
            gte(clips.createdAt, at),
            lt(clips.createdAt, new Date(at.getTime() + 1)),
          ),
        )
        .orderBy(desc(clips.createdAt), desc(clips.id));
      return flat(rows);
    },

    /**
     * A live clip's new cut: its file, poster and length, and the length of its own reel's chunk; returns the
     * keys it had (the caller deletes their objects), or undefined when the clip was deleted meanwhile.
     */
    async replaceLiveCut(
      id: string,
      values: { fileKey: string; posterKey: string; durationSec: number },
    ): Promise<Pick<ClipRow, 'fileKey' | 'posterKey'> | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ fileKey: clips.fileKey, posterKey: clips.posterKey, reelId: clips.reelId }).from(clips).where(eq(clips.id, id)).for('update');
        if (!before) return undefined;
        await tx
          .update(clips)
          .set({ ...values, status: 'ready', updatedAt: sql`now()` })
          .where(eq(clips.id, id));
        await tx
          .update(reelChunks)
          .set({ outSec: values.durationSec })
          .where(and(eq(reelChunks.reelId, before.reelId), eq(reelChunks.clipId, id), eq(reelChunks.inSec, 0)));
        return { fileKey: before.fileKey, posterKey: before.posterKey };
      });
    },

    async ofStreamByClipIds(tenantId: string, streamId: string, clipIds: number[]): Promise<ClipRow[]> {
      return db
        .select()
        .from(clips)
        .where(and(clipsOfStream(tenantId, 'video', streamId), inArray(clips.clipId, clipIds)));
    },

    async visibleByIds(viewer: Viewer, ids: string[]): Promise<ClipRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(clips)
        .where(and(inArray(clips.id, ids), clipVisibleTo(viewer)));
    },

    /** Deletes a clip (its own reel and its chunks in any reel cascade); returns what its objects are found by. */
    async deleteClip(tx: Executor, id: string): Promise<Pick<ClipRow, 'tenantId' | 'streamKind' | 'streamId' | 'sourceKey'> | undefined> {
      const [row] = await tx
        .delete(clips)
        .where(eq(clips.id, id))
        .returning({ tenantId: clips.tenantId, streamKind: clips.streamKind, streamId: clips.streamId, sourceKey: clips.sourceKey, jobId: clips.jobId });
      if (!row) return undefined;
      if (row.jobId) await cancelJobs(tx, row.streamKind === 'live' ? 'finish-live-clip' : 'cut-clip', [row.jobId]);
      return row;
    },

    /** The ids of a video's clips. */
    async idsOfVideo(tx: Executor, tenantId: string, videoId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: clips.id })
        .from(clips)
        .where(clipsOfStream(tenantId, 'video', videoId));
      return rows.map((r) => r.id);
    },

    /** Every clip cut from a video, with their pending cut jobs (the video's objects hold their files). */
    async deleteOfVideo(tx: Executor, tenantId: string, videoId: string): Promise<void> {
      const rows = await tx
        .delete(clips)
        .where(clipsOfStream(tenantId, 'video', videoId))
        .returning({ jobId: clips.jobId });
      await cancelJobs(
        tx,
        'cut-clip',
        rows.flatMap((r) => (r.jobId ? [r.jobId] : [])),
      );
    },

    // The cut job's reads and writes.
    async forCut(id: string): Promise<ClipRow | undefined> {
      return (await db.select().from(clips).where(eq(clips.id, id)))[0];
    },

    /** Points the clip at its own file, unless it was deleted (or cut by another attempt) meanwhile. */
    async markCut(id: string, keys: { fileKey: string; posterKey: string }): Promise<boolean> {
      const rows = await db
        .update(clips)
        .set({ ...keys, status: 'ready', updatedAt: sql`now()` })
        .where(and(eq(clips.id, id), sql`${clips.fileKey} IS NULL`))
        .returning({ id: clips.id });
      return rows.length > 0;
    },

    async markFailed(id: string): Promise<void> {
      await db
        .update(clips)
        .set({ status: 'failed', updatedAt: sql`now()` })
        .where(and(eq(clips.id, id), sql`${clips.fileKey} IS NULL`));
    },

    // Reels.
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

/** The reels the viewer put together that still play a clip they may see (a removed member's reels of the team's clips are gone). */
function myReels(viewer: Viewer) {
  return [eq(reels.tenantId, viewer.tenantId), eq(reels.ownerUserId, viewer.userId), isNull(reels.clipId), reelHasChunk(clipVisibleTo(viewer))];
}

/**
 * Cancels jobs that have not finished, in `tx` (pg-boss 10's own `cancel` statement; it has no API
 * that takes our transaction). An attempt already running finds its clip or export gone when it is done.
 */
async function cancelJobs(tx: Executor, name: 'cut-clip' | 'export-reel' | 'finish-live-clip', jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await tx.execute(
    sql`UPDATE pgboss.job SET completed_on = now(), state = 'cancelled' WHERE name = ${name} AND id IN (${sql.join(
      jobIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND state < 'completed'`,
  );
}

export type ClipsRepo = ReturnType<typeof createClipsRepo>;
