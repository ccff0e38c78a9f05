import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { cancelJobs } from '../../db/cancel-jobs';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { clips, liveEvents, savedClips, videos } from '../../db/schema';
import { clipVisibleTo, sourceEvent, sourceTitle, sourceVideo, type Viewer } from '../../db/clip-visibility';

export type ClipRow = typeof clips.$inferSelect;
export type NewClip = typeof clips.$inferInsert;
/** A clip with its source's title (the clip JSON's `clipTitle`). */
export type ClipWithTitle = ClipRow & { sourceTitle: string | null };
/** A clip of a library: `listedAt` is when the library's owner made it, or saved it. */
export type LibraryClip = ClipWithTitle & { listedAt: Date };

/**
 * The clips of a team (its channel): of the videos its members uploaded and of its live games. Needs the
 * source's live event joined (`sourceEvent`).
 */
function clipOfTeam(channelId: number): SQL {
  return sql`(CASE WHEN ${clips.streamKind} = 'live' THEN ${liveEvents.channelId} = ${channelId}
    ELSE EXISTS (SELECT 1 FROM channel_members tm WHERE tm.channel_id = ${channelId} AND tm.user_id = ${clips.sourceOwnerUserId}) END)`;
}

/** The clips of one stream (a video, or a live event by its key) of a tenant. */
const clipsOfStream = (tenantId: string, streamKind: string, streamId: string) =>
  and(eq(clips.tenantId, tenantId), eq(clips.streamKind, streamKind), eq(clips.streamId, streamId));

/** The clips table (saved clips are read here too: a library lists them with the caller's own). */
export function createClipsRepo(db: Db) {
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
     * Inserts the clip (its own reel is the reels module's, added in the same transaction). Its moment is
     * the requested one or, when another clip of the stream has it, the next free millisecond; a lock per
     * stream makes concurrent clips of one moment take turns.
     */
    async insertClip(tx: Executor, values: Omit<NewClip, 'reelId'> & { momentMs: number; reelId: string }): Promise<ClipRow> {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext('clips.stream'), hashtext(${values.tenantId} || '/' || ${values.streamKind ?? 'video'} || '/' || ${values.streamId}))`,
      );
      const taken = await tx
        .select({ momentMs: clips.momentMs })
        .from(clips)
        .where(and(clipsOfStream(values.tenantId, values.streamKind ?? 'video', values.streamId), gte(clips.momentMs, values.momentMs)))
        .orderBy(asc(clips.momentMs));
      let momentMs = values.momentMs;
      for (const row of taken) {
        if (row.momentMs !== momentMs) break;
        momentMs++;
      }
      const [row] = await tx
        .insert(clips)
        .values({ ...values, momentMs })
        .returning();
      return row!;
    },

    async byId(tenantId: string, id: string): Promise<ClipWithTitle | undefined> {
      return flat(await selectWithTitle().where(and(eq(clips.tenantId, tenantId), eq(clips.id, id))))[0];
    },

    async byStreamMoment(tenantId: string, streamId: string, momentMs: number): Promise<ClipWithTitle | undefined> {
      const rows = await selectWithTitle().where(and(eq(clips.tenantId, tenantId), eq(clips.streamId, streamId), eq(clips.momentMs, momentMs)));
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
     * A live clip's new cut, in `tx`: its file, poster and length; returns the keys it had (the caller
     * deletes their objects) and its own reel, or undefined when the clip was deleted meanwhile.
     */
    async replaceLiveCut(
      tx: Executor,
      id: string,
      values: { fileKey: string; posterKey: string; durationSec: number },
    ): Promise<Pick<ClipRow, 'fileKey' | 'posterKey' | 'reelId'> | undefined> {
      const [before] = await tx.select({ fileKey: clips.fileKey, posterKey: clips.posterKey, reelId: clips.reelId }).from(clips).where(eq(clips.id, id)).for('update');
      if (!before) return undefined;
      await tx
        .update(clips)
        .set({ ...values, status: 'ready', updatedAt: sql`now()` })
        .where(eq(clips.id, id));
      return before;
    },

    async ofVideoAt(tenantId: string, videoId: string, moments: number[]): Promise<ClipRow[]> {
      return db
        .select()
        .from(clips)
        .where(and(clipsOfStream(tenantId, 'video', videoId), inArray(clips.momentMs, moments)));
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
  };
}

export type ClipsRepo = ReturnType<typeof createClipsRepo>;
