import type { Cheer } from '@app/contracts/live';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { createCheersRepo } from './cheers.repo';

export type CheersService = ReturnType<typeof createCheersService>;

/** Auto highlights (issue 13): the crowd's cheers of a live event, found by cheer-analyzer.ts. */
export function createCheersService({ db }: { db: Db }) {
  const repo = createCheersRepo(db);
  return {
    /**
     * `GET /api/events/{key}/cheers` (no auth, spec 6): the `top` strongest cheers, in time order (the
     * viewer numbers them 'Highlight 1..n' along the game). Any event whose key is known answers (keys
     * are unguessable, like a share link); only moments, scores and clip paths leave here.
     */
    async list(tenantId: string, key: string, top: number): Promise<Cheer[]> {
      const event = await repo.eventByKey(key);
      if (!event || event.tenantId !== tenantId) throw new AppError('NOT_FOUND', 'Event not found.');
      const rows = await repo.top(event.id, top);
      return rows.map((row) => ({
        timestamp: row.timestampMs,
        cheer: Math.round(row.score * 100) / 100,
        path: row.reelId ? `/team/clips/${row.reelId}` : '',
      }));
    },

    /** Stores a detected cheer once: the new row's id, or null when the moment is already there. */
    record(eventId: string, timestampMs: number, score: number): Promise<string | null> {
      return repo.insert(eventId, Math.round(timestampMs), score);
    },

    /** The clip cut for a cheer (its `path` in the list); false when the cheer is gone. */
    attachCheerClip(cheerId: string, clipId: string): Promise<boolean> {
      return repo.setClip(cheerId, clipId);
    },
  };
}
