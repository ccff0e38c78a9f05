import { and, asc, between, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { clips, liveCheers, liveEvents } from '../../../db/schema';

/** Two detections of one moment (a restarted analysis, a reconnect's new anchor) land this close. */
const SAME_MOMENT_MS = 2_000;

export function createCheersRepo(db: Db) {
  return {
    async eventByKey(key: string): Promise<{ id: string; tenantId: string; isPublic: boolean } | null> {
      const [row] = await db
        .select({ id: liveEvents.id, tenantId: liveEvents.tenantId, isPublic: liveEvents.isPublic })
        .from(liveEvents)
        .where(eq(liveEvents.key, key))
        .limit(1);
      return row ?? null;
    },

    /** The new cheer's id, or null when the event already has one at (about) this moment. */
    async insert(eventId: string, timestampMs: number, score: number): Promise<string | null> {
      return db.transaction(async (tx) => {
        // One analysis per event writes here; the lock makes a second one (a restart overlapping the old) wait.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`live_cheers:${eventId}`}))`);
        const [near] = await tx
          .select({ id: liveCheers.id })
          .from(liveCheers)
          .where(and(eq(liveCheers.eventId, eventId), between(liveCheers.timestampMs, timestampMs - SAME_MOMENT_MS, timestampMs + SAME_MOMENT_MS)))
          .limit(1);
        if (near) return null;
        const [row] = await tx.insert(liveCheers).values({ eventId, timestampMs, score }).onConflictDoNothing().returning({ id: liveCheers.id });
        return row?.id ?? null;
      });
    },

    async setClip(cheerId: string, clipId: string): Promise<boolean> {
      const rows = await db.update(liveCheers).set({ clipId }).where(eq(liveCheers.id, cheerId)).returning({ id: liveCheers.id });
      return rows.length > 0;
    },

    /** The `top` strongest cheers of an event in time order, with their clip's reel (the clips module's table). */
    async top(eventId: string, top: number): Promise<{ timestampMs: number; score: number; reelId: string | null }[]> {
      const strongest = db
        .select({ timestampMs: liveCheers.timestampMs, score: liveCheers.score, clipId: liveCheers.clipId })
        .from(liveCheers)
        .where(eq(liveCheers.eventId, eventId))
        .orderBy(desc(liveCheers.score), asc(liveCheers.timestampMs))
        .limit(top)
        .as('strongest');
      return db
        .select({ timestampMs: strongest.timestampMs, score: strongest.score, reelId: clips.reelId })
        .from(strongest)
        .leftJoin(clips, eq(clips.id, strongest.clipId))
        .orderBy(asc(strongest.timestampMs));
    },
  };
}
export type CheersRepo = ReturnType<typeof createCheersRepo>;
