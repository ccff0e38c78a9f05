import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { liveEvents, liveSegments, liveViewerAccess, liveViewers } from '../../../db/schema';
import type { PlaylistSegment } from './playlist';

export type EventStatus = 'upcoming' | 'live' | 'ended';

export interface PlaybackEvent {
  id: string;
  status: EventStatus;
  /** Part of every token of the event: bumped, it stops them all. */
  accessEpoch: number;
}

export interface StoredSegment extends PlaylistSegment {
  storageKey: string;
}

export function createPlaybackRepo(db: Db) {
  return {
    async eventByKey(tenantId: string, key: string): Promise<PlaybackEvent | null> {
      const [row] = await db
        .select({ id: liveEvents.id, status: liveEvents.status, accessEpoch: liveEvents.accessEpoch })
        .from(liveEvents)
        .where(and(eq(liveEvents.tenantId, tenantId), eq(liveEvents.key, key)));
      return row ?? null;
    },

    async status(eventId: string): Promise<Omit<PlaybackEvent, 'id'> | null> {
      const [row] = await db.select({ status: liveEvents.status, accessEpoch: liveEvents.accessEpoch }).from(liveEvents).where(eq(liveEvents.id, eventId));
      return row ?? null;
    },

    /** A viewer's access epoch (0 until something bumped it). */
    async viewerEpoch(userId: number): Promise<number> {
      const [row] = await db.select({ epoch: liveViewerAccess.epoch }).from(liveViewerAccess).where(eq(liveViewerAccess.userId, userId));
      return row?.epoch ?? 0;
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
