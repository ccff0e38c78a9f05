import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { channels, liveEvents, liveSegments, liveViewerAccess, teamFollows, users } from '../../db/schema';

export type LiveEventRow = typeof liveEvents.$inferSelect;
export type LiveSegmentRow = typeof liveSegments.$inferSelect;
export type EventStatus = LiveEventRow['status'];

/** An event with what its JSON shows of its team and audience. */
export interface EventWithTeam {
  event: LiveEventRow;
  ownerUsername: string;
  channelName: string | null;
  /** The team's name: the channel's description (registration puts the team name there). */
  teamName: string | null;
  viewers: number;
}

/** Who is looking: `userId` null for a signed-in account that has not registered (sees public events only). */
export interface EventViewer {
  tenantId: string;
  userId: number | null;
}

export interface EventFilter {
  statuses: EventStatus[];
  sport?: string | undefined;
  /** Already escaped for ILIKE. */
  like?: string | undefined;
}

/** A viewer is counted while their player refreshed the playlist within this window. */
export const VIEWER_WINDOW_SEC = 30;

const viewersCount = sql<number>`(SELECT count(*)::int FROM live_viewers v WHERE v.event_id = ${liveEvents.id} AND v.seen_at > now() - make_interval(secs => ${VIEWER_WINDOW_SEC}))`;

/** Owner or member of the event's team channel. */
function ownTeam(userId: number): SQL {
  return sql`(${liveEvents.ownerUserId} = ${userId} OR EXISTS (SELECT 1 FROM channel_members cm WHERE cm.channel_id = ${liveEvents.channelId} AND cm.user_id = ${userId}))`;
}

/** The event's team (owner and channel members) and, for a public event, anyone of the tenant. */
function visibleTo(viewer: EventViewer): SQL {
  const who = viewer.userId === null ? eq(liveEvents.isPublic, true) : sql`(${liveEvents.isPublic} OR ${ownTeam(viewer.userId)})`;
  return and(eq(liveEvents.tenantId, viewer.tenantId), who)!;
}

function followed(userId: number | null): SQL {
  if (userId === null) return sql`false`;
  return sql`(${liveEvents.isPublic} AND EXISTS (SELECT 1 FROM team_follows f WHERE f.channel_id = ${liveEvents.channelId} AND f.user_id = ${userId}))`;
}

/** Live and ended events sort by when they really started; upcoming ones by their schedule. Whole ms (JSON's precision). */
export const sortMs = sql<number>`floor(extract(epoch from coalesce(${liveEvents.startedAt}, ${liveEvents.startsAt})) * 1000)::bigint`;
const upcomingMs = sql<number>`floor(extract(epoch from ${liveEvents.startsAt}) * 1000)::bigint`;

export function createEventsRepo(db: Db) {
  const selectWithTeam = () =>
    db
      .select({ event: liveEvents, ownerUsername: users.username, channelName: channels.name, teamName: channels.description, viewers: viewersCount })
      .from(liveEvents)
      .innerJoin(users, eq(users.id, liveEvents.ownerUserId))
      .leftJoin(channels, eq(channels.id, liveEvents.channelId));

  function filterOf(viewer: EventViewer, filter: EventFilter): SQL {
    return and(
      visibleTo(viewer),
      inArray(liveEvents.status, filter.statuses),
      filter.sport ? eq(liveEvents.sport, filter.sport) : undefined,
      filter.like
        ? sql`(${liveEvents.title} ILIKE ${filter.like} OR ${users.username} ILIKE ${filter.like} OR ${channels.description} ILIKE ${filter.like} OR ${channels.name} ILIKE ${filter.like})`
        : undefined,
    )!;
  }

  return {
    /**
     * Inserts an event unless its owner already has one of this title at this start (a 409); a
     * lock per owner makes two identical requests take turns. Returns null on such a duplicate.
     */
    async insertUnlessDuplicate(
      values: typeof liveEvents.$inferInsert & { ownerUserId: number; startsAt: Date },
      inTransaction: (tx: Executor, row: LiveEventRow) => Promise<void> = async () => undefined,
    ): Promise<LiveEventRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('live_events.owner'), ${values.ownerUserId})`);
        const [same] = await tx
          .select({ id: liveEvents.id })
          .from(liveEvents)
          .where(and(eq(liveEvents.ownerUserId, values.ownerUserId), eq(liveEvents.title, values.title), eq(liveEvents.startsAt, values.startsAt)));
        if (same) return null;
        const [row] = await tx.insert(liveEvents).values(values).returning();
        await inTransaction(tx, row!);
        return row!;
      });
    },

    /** The channel an event of this user belongs to: the team they activated if they own it, else their oldest. */
    async teamChannelOf(userId: number, activeChannelId: number | null): Promise<number | null> {
      const [row] = await db
        .select({ id: channels.id })
        .from(channels)
        .where(eq(channels.ownerUserId, userId))
        .orderBy(sql`${channels.id} = ${activeChannelId ?? -1} DESC`, asc(channels.createdAt), asc(channels.id))
        .limit(1);
      return row?.id ?? null;
    },

    async byKey(tenantId: string, key: string): Promise<EventWithTeam | undefined> {
      return (await selectWithTeam().where(and(eq(liveEvents.tenantId, tenantId), eq(liveEvents.key, key))))[0];
    },

    async byId(id: string): Promise<LiveEventRow | undefined> {
      return (await db.select().from(liveEvents).where(eq(liveEvents.id, id)))[0];
    },

    /** Whether `viewer` may see the event (the same rule the lists use). */
    async isVisible(viewer: EventViewer, eventId: string): Promise<boolean> {
      const rows = await db.select({ id: liveEvents.id }).from(liveEvents).where(and(eq(liveEvents.id, eventId), visibleTo(viewer)));
      return rows.length > 0;
    },

    /** Replaces the ingest key (hash and box): the old key stops matching at once. */
    /** A new ingest key; the access epoch moves on with it, so every playback and path token issued before stops. */
    async replaceIngestKey(eventId: string, hash: string, box: string): Promise<void> {
      await db
        .update(liveEvents)
        .set({ ingestKeyHash: hash, ingestKeyBox: box, accessEpoch: sql`${liveEvents.accessEpoch} + 1`, updatedAt: sql`now()` })
        .where(eq(liveEvents.id, eventId));
    },

    /** The viewer's access epoch for a new playback token (0 until something bumped it). */
    async viewerEpoch(userId: number): Promise<number> {
      const [row] = await db.select({ epoch: liveViewerAccess.epoch }).from(liveViewerAccess).where(eq(liveViewerAccess.userId, userId));
      return row?.epoch ?? 0;
    },

    /** Stops a viewer's playback tokens of every game (they may no longer watch some of them). */
    async bumpViewerAccess(executor: Executor, userId: number): Promise<void> {
      await executor
        .insert(liveViewerAccess)
        .values({ userId, epoch: 1 })
        .onConflictDoUpdate({ target: liveViewerAccess.userId, set: { epoch: sql`${liveViewerAccess.epoch} + 1` } });
    },

    /** Live events: the viewer's own team's first, then followed teams', then the most recently started. */
    async live(viewer: EventViewer, filter: Omit<EventFilter, 'statuses'>, limit: number): Promise<EventWithTeam[]> {
      const own = viewer.userId === null ? sql`false` : ownTeam(viewer.userId);
      return selectWithTeam()
        .where(filterOf(viewer, { ...filter, statuses: ['live'] }))
        .orderBy(desc(own), desc(followed(viewer.userId)), desc(sortMs), asc(liveEvents.createdAt), asc(liveEvents.id))
        .limit(limit);
    },

    /** Upcoming events, soonest first, scheduled strictly after `afterMs`. */
    async upcoming(viewer: EventViewer, filter: Omit<EventFilter, 'statuses'>, options: { afterMs?: number | undefined; limit: number }): Promise<EventWithTeam[]> {
      return selectWithTeam()
        .where(and(filterOf(viewer, { ...filter, statuses: ['upcoming'] }), options.afterMs !== undefined ? gt(upcomingMs, options.afterMs) : undefined))
        .orderBy(asc(upcomingMs), asc(liveEvents.createdAt), asc(liveEvents.id))
        .limit(options.limit);
    },

    async upcomingAt(viewer: EventViewer, filter: Omit<EventFilter, 'statuses'>, ms: number): Promise<EventWithTeam[]> {
      return selectWithTeam()
        .where(and(filterOf(viewer, { ...filter, statuses: ['upcoming'] }), eq(upcomingMs, ms)))
        .orderBy(asc(liveEvents.createdAt), asc(liveEvents.id));
    },

    /** Ended events, latest start first, started strictly before `beforeMs`. */
    async archives(viewer: EventViewer, filter: Omit<EventFilter, 'statuses'>, options: { beforeMs?: number | undefined; limit: number }): Promise<EventWithTeam[]> {
      return selectWithTeam()
        .where(and(filterOf(viewer, { ...filter, statuses: ['ended'] }), options.beforeMs !== undefined ? lt(sortMs, options.beforeMs) : undefined))
        .orderBy(desc(sortMs), asc(liveEvents.createdAt), asc(liveEvents.id))
        .limit(options.limit);
    },

    async archivesAt(viewer: EventViewer, filter: Omit<EventFilter, 'statuses'>, ms: number): Promise<EventWithTeam[]> {
      return selectWithTeam()
        .where(and(filterOf(viewer, { ...filter, statuses: ['ended'] }), eq(sortMs, ms)))
        .orderBy(asc(liveEvents.createdAt), asc(liveEvents.id));
    },

    async followedChannelIds(userId: number | null): Promise<Set<number>> {
      if (userId === null) return new Set();
      const rows = await db.select({ channelId: teamFollows.channelId }).from(teamFollows).where(eq(teamFollows.userId, userId));
      return new Set(rows.map((r) => r.channelId));
    },

    /** What every open page of the event shows of it now: its status and viewer count; null once deleted. */
    async statusOf(eventId: string): Promise<{ status: EventStatus; viewers: number } | null> {
      const [row] = await db.select({ status: liveEvents.status, viewers: viewersCount }).from(liveEvents).where(eq(liveEvents.id, eventId));
      return row ? { status: row.status, viewers: row.status === 'live' ? row.viewers : 0 } : null;
    },

    async hasSegments(eventId: string): Promise<boolean> {
      const rows = await db.select({ seq: liveSegments.seq }).from(liveSegments).where(eq(liveSegments.eventId, eventId)).limit(1);
      return rows.length > 0;
    },

    /** The recorded range: first segment's start and last segment's end, ms; null before any segment. */
    async recordedRange(eventId: string): Promise<{ startMs: number; endMs: number } | null> {
      const [row] = await db
        .select({
          startMs: sql<string | null>`min(${liveSegments.startedAtMs})`,
          endMs: sql<string | null>`max(${liveSegments.startedAtMs} + (${liveSegments.durationSec} * 1000)::bigint)`,
        })
        .from(liveSegments)
        .where(eq(liveSegments.eventId, eventId));
      return row?.startMs != null && row.endMs != null ? { startMs: Number(row.startMs), endMs: Number(row.endMs) } : null;
    },

    /** The segments that overlap [fromMs, toMs), in order. */
    async segmentsCovering(eventId: string, fromMs: number, toMs: number): Promise<LiveSegmentRow[]> {
      return db
        .select()
        .from(liveSegments)
        .where(
          and(
            eq(liveSegments.eventId, eventId),
            lt(liveSegments.startedAtMs, toMs),
            sql`${liveSegments.startedAtMs} + (${liveSegments.durationSec} * 1000) > ${fromMs}`,
          ),
        )
        .orderBy(asc(liveSegments.seq));
    },
  };
}

export type EventsRepo = ReturnType<typeof createEventsRepo>;
