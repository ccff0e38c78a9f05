import { and, desc, eq, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { libraryVersions, uploads, users, videoComments, videos } from '../../db/schema';
import type { StoredHighlight } from '../../db/stored-media';

export type VideoRow = typeof videos.$inferSelect;
export type NewVideo = typeof videos.$inferInsert;
/** The columns of a video its JSON and its owner check read (a library page maps 20 rows: not the transcoder's columns). */
const viewColumns = {
  id: videos.id,
  ownerUserId: videos.ownerUserId,
  title: videos.title,
  status: videos.status,
  failureReason: videos.failureReason,
  progress: videos.progress,
  durationSec: videos.durationSec,
  renditions: videos.renditions,
  posterKey: videos.posterKey,
  storyboard: videos.storyboard,
  highlights: videos.highlights,
  // Who marked the highlights (and the owner, whose are the unattributed ones), in the same query:
  // the users table is read here as the owner's is below.
  highlightMakers: sql<HighlightMaker[]>`(SELECT coalesce(jsonb_agg(jsonb_build_object('userId', m.id, 'identityUserId', m.identity_user_id, 'username', m.username, 'name', m.name)), '[]'::jsonb)
      FROM users m WHERE m.id = ${videos.ownerUserId}
         OR m.id IN (SELECT (h->>'makerUserId')::int FROM jsonb_array_elements(${videos.highlights}) h))`,
  isTest: videos.isTest,
  createdAt: videos.createdAt,
};
/** A person who marked a highlight, as the video's JSON names them. */
export interface HighlightMaker {
  userId: number;
  identityUserId: number;
  username: string;
  name: string | null;
}
/** A video with what its JSON shows of the owner. */
export type VideoWithOwner = Pick<VideoRow, Exclude<keyof typeof viewColumns, 'highlightMakers'>> & {
  highlightMakers: HighlightMaker[];
  ownerUsername: string;
  ownerName: string | null;
  ownerIdentityUserId: number;
};

export interface Viewer {
  tenantId: string;
  /** The viewer's product user id (`users.id`). */
  userId: number;
}

/**
 * The owner's own videos and the ready videos of anyone sharing a team (a channel)
 * with the viewer; always inside the viewer's tenant. A video still processing, or one that failed, is
 * its uploader's alone: the team sees a game once it plays. The membership table belongs to the teams
 * module; it is read here in SQL because a library page filters on it, which a per-video service call cannot.
 */
function visibleTo(viewer: { tenantId: string | Placeholder; userId: number | Placeholder }): SQL {
  return and(
    eq(videos.tenantId, viewer.tenantId),
    sql`(${videos.ownerUserId} = ${viewer.userId} OR (${videos.status} = 'ready' AND EXISTS (
      SELECT 1 FROM channel_members mine JOIN channel_members theirs ON theirs.channel_id = mine.channel_id
       WHERE mine.user_id = ${viewer.userId} AND theirs.user_id = ${videos.ownerUserId})))`,
  )!;
}

/** `visibleTo` for the prepared statements: the viewer's tenant and user as placeholders `tenantId` and `userId`. */
const visibleToPlaceholders = (): SQL => visibleTo({ tenantId: sql.placeholder('tenantId'), userId: sql.placeholder('userId') });

const withOwner = {
  ...viewColumns,
  ownerUsername: users.username,
  ownerName: users.name,
  ownerIdentityUserId: users.identityUserId,
};

export function createVideosRepo(db: Db) {
  // The library page and the video page: built once, named statements each connection parses and
  // plans once (building the query was a tenth of a page's CPU, planning most of PostgreSQL's part).
  const visibleById = db
    .select(withOwner)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerUserId))
    .where(and(eq(videos.id, sql.placeholder('id')), visibleToPlaceholders()))
    .prepare('videos_visible_by_id');
  const newest = (before: boolean, name: string) =>
    db
      .select(withOwner)
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerUserId))
      .where(and(visibleToPlaceholders(), before ? lt(videos.createdAt, sql.placeholder('before')) : undefined))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  const firstPage = newest(false, 'videos_visible_first_page');
  const nextPage = newest(true, 'videos_visible_next_page');
  const version = db
    .select({ version: libraryVersions.version })
    .from(libraryVersions)
    .where(eq(libraryVersions.tenantId, sql.placeholder('tenantId')))
    .prepare('library_version');
  return {
    /** The tenant's library version (schema `libraryVersions`): 0 until something changed. */
    async libraryVersion(tenantId: string): Promise<number> {
      return (await version.execute({ tenantId }))[0]?.version ?? 0;
    },

    async insert(executor: Executor, values: NewVideo): Promise<VideoRow> {
      const [row] = await executor.insert(videos).values(values).returning();
      return row!;
    },

    async visible(viewer: Viewer, id: string): Promise<VideoWithOwner | undefined> {
      return (await visibleById.execute({ id, ...viewer }))[0];
    },

    async visibleKeys(viewer: Viewer, ids: string[]): Promise<VideoWithOwner[]> {
      if (ids.length === 0) return [];
      return db
        .select(withOwner)
        .from(videos)
        .innerJoin(users, eq(users.id, videos.ownerUserId))
        .where(and(inArray(videos.id, ids), visibleTo(viewer)))
        .orderBy(desc(videos.createdAt), desc(videos.id));
    },

    /**
     * Newest first, strictly older than `before`. The cursor is the last item's dateTime, which
     * JSON carries to the millisecond while PostgreSQL keeps microseconds: `created_at < before`
     * leaves out everything in the cursor's millisecond, so a page never ends inside one; see
     * the service's `page`, which takes a millisecond's rows whole.
     */
    async visiblePage(viewer: Viewer, options: { before?: Date; limit: number }): Promise<VideoWithOwner[]> {
      const { before, limit } = options;
      return before ? nextPage.execute({ ...viewer, before, limit }) : firstPage.execute({ ...viewer, limit });
    },

    /** Every visible video created within the millisecond starting at `at`. */
    async visibleInMillisecond(viewer: Viewer, at: Date): Promise<VideoWithOwner[]> {
      return db
        .select(withOwner)
        .from(videos)
        .innerJoin(users, eq(users.id, videos.ownerUserId))
        .where(and(visibleTo(viewer), gte(videos.createdAt, at), lt(videos.createdAt, new Date(at.getTime() + 1))))
        .orderBy(desc(videos.createdAt), desc(videos.id));
    },

    /**
     * Changes a video's highlights with the row locked, so two teammates marking at once both land:
     * `change` gets the stored list and answers the new one (the same list: nothing is written).
     */
    async changeHighlights(id: string, change: (highlights: StoredHighlight[]) => StoredHighlight[]): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ highlights: videos.highlights }).from(videos).where(eq(videos.id, id)).for('update');
        if (!row) return;
        const next = change(row.highlights);
        if (next !== row.highlights) await tx.update(videos).set({ highlights: next, updatedAt: sql`now()` }).where(eq(videos.id, id));
      });
    },

    async update(id: string, values: Pick<Partial<NewVideo>, 'title' | 'highlights'>): Promise<void> {
      await db
        .update(videos)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(videos.id, id));
    },

    /**
     * Test videos the user made since `since` (the per-user limit of `POST /api/user/testvideo`),
     * counted under a transaction-scoped advisory lock of the user: concurrent requests of one user
     * count and insert one after the other, so the limit holds under a burst.
     */
    async lockAndCountTestVideos(tx: Executor, ownerUserId: number, since: Date): Promise<number> {
      // Two-key form: (namespace, user), so the lock cannot collide with other advisory locks of one integer.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('videos.test-video'), ${ownerUserId})`);
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(videos)
        .where(and(eq(videos.ownerUserId, ownerUserId), eq(videos.isTest, true), gte(videos.createdAt, since)));
      return row?.n ?? 0;
    },

    /**
     * Deletes the video (its comments cascade) and the upload it came from, and cancels its
     * transcode job, all in `tx`: the job is cancelled exactly when the row is gone. The statement
     * is pg-boss 10's own `cancel` (it has no API that takes our transaction); an attempt already
     * running notices the missing row at its next heartbeat and deletes what it wrote.
     */
    async deleteWithJob(tx: Executor, id: string): Promise<{ tenantId: string } | undefined> {
      const [row] = await tx.delete(videos).where(eq(videos.id, id)).returning({ tenantId: videos.tenantId, jobId: videos.jobId });
      if (!row) return undefined;
      await tx.delete(uploads).where(eq(uploads.key, id));
      if (row.jobId) {
        await tx.execute(
          sql`UPDATE pgboss.job SET completed_on = now(), state = 'cancelled' WHERE name = 'transcode-video' AND id = ${row.jobId} AND state < 'completed'`,
        );
      }
      return { tenantId: row.tenantId };
    },

    /** Comments, newest first, with the publisher's username. */
    async comments(videoId: string, limit: number) {
      return db
        .select({ id: videoComments.id, content: videoComments.content, createdAt: videoComments.createdAt, publisher: users.username })
        .from(videoComments)
        .innerJoin(users, eq(users.id, videoComments.publisherUserId))
        .where(eq(videoComments.videoId, videoId))
        .orderBy(desc(videoComments.createdAt), desc(videoComments.id))
        .limit(limit);
    },

    async insertComment(values: { videoId: string; publisherUserId: number; content: string }) {
      const [row] = await db.insert(videoComments).values(values).returning();
      return row!;
    },
  };
}
export type VideosRepo = ReturnType<typeof createVideosRepo>;
