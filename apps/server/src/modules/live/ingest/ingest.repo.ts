import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { liveEvents, liveSegments } from '../../../db/schema';
import type { DomainEvents } from '../../../domain-events';

declare module '../../../domain-events' {
  interface DomainEventMap {
    /** A team's game sent its first segment (in that segment's transaction): it is live. */
    'live.gameStarted': { tenantId: string; channelId: number; ownerUserId: number; key: string; title: string };
    /** A team's game ended, or went on again after an encoder reconnect (in the transaction that changed its status). */
    'live.itemsChanged': { tenantId: string; channelId: number; key: string };
  }
}

export type IngestEvent = Pick<typeof liveEvents.$inferSelect, 'id' | 'tenantId' | 'ownerUserId' | 'status' | 'endedAt' | 'lastSeenAt'>;
export type NewLiveSegment = typeof liveSegments.$inferInsert;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** An event whose status just changed, as its team's activity items need it. */
type Changed = { key: string; tenantId: string; channelId: number | null };

const changedColumns = { key: liveEvents.key, tenantId: liveEvents.tenantId, channelId: liveEvents.channelId };

/** Writes its status changes with what they announce (`events`) in the same transaction. */
export function createIngestRepo(db: Db, events: DomainEvents) {
  /** A team's game changed status: what reads from its status (its activity items) is heard again. */
  const announce = async (tx: Tx, event: Changed) => {
    if (event.channelId !== null) await events.emit(tx, 'live.itemsChanged', { key: event.key, tenantId: event.tenantId, channelId: event.channelId });
  };
  return {
    /** Across tenants: ingest key hashes are unique, and an encoder names no tenant. */
    async findEventByIngestHash(hash: string): Promise<IngestEvent | null> {
      const [row] = await db
        .select({ id: liveEvents.id, tenantId: liveEvents.tenantId, ownerUserId: liveEvents.ownerUserId, status: liveEvents.status, endedAt: liveEvents.endedAt, lastSeenAt: liveEvents.lastSeenAt })
        .from(liveEvents)
        .where(eq(liveEvents.ingestKeyHash, hash));
      return row ?? null;
    },

    async nextSeq(eventId: string): Promise<number> {
      const [row] = await db
        .select({ next: sql<number>`COALESCE(MAX(${liveSegments.seq}) + 1, 0)::int` })
        .from(liveSegments)
        .where(eq(liveSegments.eventId, eventId));
      return row?.next ?? 0;
    },

    /**
     * The segment's row, the event live (started at its first segment), and the NOTIFY the playlist
     * waits for, in one transaction: NOTIFY is delivered at commit, when the row is visible. The
     * event's very first segment is the game starting: its team's activity feed says so.
     */
    async insertSegment(segment: NewLiveSegment): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(liveSegments).values(segment);
        const [event] = await tx
          .update(liveEvents)
          .set({
            status: 'live',
            startedAt: sql`COALESCE(${liveEvents.startedAt}, to_timestamp(${segment.startedAtMs}::double precision / 1000))`,
            endedAt: null,
            lastSeenAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(liveEvents.id, segment.eventId))
          .returning({
            ...changedColumns,
            title: liveEvents.title,
            ownerUserId: liveEvents.ownerUserId,
            // The statement's snapshot: the status before this update (a publish resuming an ended game).
            wasEnded: sql<boolean>`(SELECT o.status = 'ended' FROM ${liveEvents} o WHERE o.id = ${segment.eventId})`,
          });
        await tx.execute(sql`SELECT pg_notify('live_segment', ${`${segment.eventId}:${segment.seq}`})`);
        if (segment.seq === 0 && event?.channelId) {
          await events.emit(tx, 'live.gameStarted', { tenantId: event.tenantId, channelId: event.channelId, ownerUserId: event.ownerUserId, key: event.key, title: event.title });
        } else if (event?.wasEnded) await announce(tx, event);
      });
    },

    /** The publisher went away: the rows become the archive. Only a live event ends (one that never sent a segment stays as it was). */
    async markEnded(eventId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [event] = await tx
          .update(liveEvents)
          .set({ status: 'ended', endedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(liveEvents.id, eventId), eq(liveEvents.status, 'live')))
          .returning(changedColumns);
        if (event) await announce(tx, event);
      });
    },

    /** Events this node is ingesting stay fresh even while their segments queue for Storage. */
    async touch(eventIds: string[]): Promise<void> {
      if (eventIds.length === 0) return;
      await db.update(liveEvents).set({ lastSeenAt: sql`now()` }).where(inArray(liveEvents.id, eventIds));
    },

    /**
     * Ends live events nobody has fed for `staleSec` (their node crashed or restarted), except the ones
     * given. `ended_at` is now, so the encoder has the full reconnect window from here.
     */
    async endAbandoned(staleSec: number, except: string[]): Promise<string[]> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(liveEvents)
          .set({ status: 'ended', endedAt: sql`now()`, updatedAt: sql`now()` })
          .where(
            and(
              eq(liveEvents.status, 'live'),
              lt(sql`COALESCE(${liveEvents.lastSeenAt}, ${liveEvents.updatedAt})`, sql`now() - make_interval(secs => ${staleSec})`),
              ...(except.length > 0 ? [notInArray(liveEvents.id, except)] : []),
            ),
          )
          .returning({ id: liveEvents.id, ...changedColumns });
        for (const row of rows) await announce(tx, row);
        return rows.map((r) => r.id);
      });
    },
  };
}

export type IngestRepo = ReturnType<typeof createIngestRepo>;
