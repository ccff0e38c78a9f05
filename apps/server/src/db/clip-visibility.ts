import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clips, liveEvents, videos } from './schema';

/**
 * Who may see a clip, in SQL, for the queries that filter or join on clips: the clips module's
 * repositories and the reels module's, whose pages hold only the clips their reader may see. It reads
 * clips, videos, live events and team memberships, so it lives below the modules that share it.
 */

/** A signed-in user of a tenant with a profile (their `users.id`), as the clips and reels pages read for. */
export interface Viewer {
  tenantId: string;
  userId: number;
}

/** Who a clip's visibility is read for: a viewer, or columns naming one (a reel's maker). */
export type VisibilityOf = { tenantId: string | AnyPgColumn; userId: number | AnyPgColumn };

/**
 * A clip is visible to whoever may see its source: for a video, the source's owner and everyone sharing a
 * team with them, in the tenant (the videos module's rule); for a live event, its team (owner and channel
 * members) and, when the event is public, everyone of the tenant (the live module's rule). Read in SQL
 * because a page filters on it.
 */
export function clipVisibleTo(viewer: VisibilityOf): SQL {
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

/** The team's footage: clips of a source the team's owner or one of their channels' members owns. */
export const teamFootage = (ownerUserId: number) =>
  sql`(${clips.sourceOwnerUserId} = ${ownerUserId} OR EXISTS (
    SELECT 1 FROM channel_members cm JOIN channels c ON c.id = cm.channel_id WHERE c.owner_user_id = ${ownerUserId} AND cm.user_id = ${clips.sourceOwnerUserId}))`;

// The source's title (the clip JSON's clipTitle) is the one column read of the videos and live events tables.
// The cast on the clip's side keeps the join on the videos primary key; CASE casts video streams only.
/** Left-join `videos` on this: the clip's source video. */
export const sourceVideo = sql`${videos.id} = (CASE WHEN ${clips.streamKind} = 'video' THEN ${clips.streamId}::uuid END)`;
/** Left-join `liveEvents` on this: the clip's source event. */
export const sourceEvent = and(eq(clips.streamKind, 'live'), eq(liveEvents.key, clips.streamId), eq(liveEvents.tenantId, clips.tenantId))!;
/** The title of the clip's source, with both joined. */
export const sourceTitle = sql<string | null>`coalesce(${videos.title}, ${liveEvents.title})`;
