import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { liveEvents, liveSegments, liveViewers } from '../../../db/schema';
import type { PlaylistSegment } from './playlist';

export type EventStatus = 'upcoming' | 'live' | 'ended';

export interface PlaybackEvent {
  id: string;
  status: EventStatus;
}

export interface StoredSegment extends PlaylistSegment {
  storageKey: string;
}

export function createPlaybackRepo(db: Db) {
  return {
    async eventByKey(tenantId: string, key: string): Promise<PlaybackEvent | null> {
      const [row] = await db
        .select({ id: liveEvents.id, status: liveEvents.status })
        .from(liveEvents)
        .where(and(eq(liveEvents.tenantId, tenantId), eq(liveEvents.key, key)));
      return row ?? null;
    },

    async status(eventId: string): Promise<EventStatus | null> {
      const [row] = await db.select({ status: liveEvents.status }).from(liveEvents).where(eq(liveEvents.id, eventId));
      return row?.status ?? null;
    },

    /** Rows after `afterSeq` (-1: all), by the primary key: a refresh reads only what is new. */
    segmentsAfter(eventId: string, afterSeq: number): Promise<StoredSegment[]> {
      return db
        .select({
          seq: liveSegments.seq,
          durationSec: liveSegments.durationSec,
          startedAtMs: liveSegments.startedAtMs,
          discontinuity: liveSegments.discontinuity,
          storageKey: liveSegments.storageKey,
        })
        .from(liveSegments)
        .where(and(eq(liveSegments.eventId, eventId), gt(liveSegments.seq, afterSeq)))
        .orderBy(asc(liveSegments.seq));
    },

    async markViewer(eventId: string, userId: number): Promise<void> {
      await db
        .insert(liveViewers)
        .values({ eventId, userId })
        .onConflictDoUpdate({ target: [liveViewers.eventId, liveViewers.userId], set: { seenAt: sql`now()` } });
    },
  };
}
export type PlaybackRepo = ReturnType<typeof createPlaybackRepo>;
