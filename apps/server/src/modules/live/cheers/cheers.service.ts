import type { Cheer } from '@app/contracts/live';
import { AppError } from '../../../errors';
import { EVENT_NOT_FOUND } from '../events.service';
import type { CheersRepo } from './cheers.repo';

export type CheersService = ReturnType<typeof createCheersService>;

/** Auto highlights: the crowd's cheers of a live event, found by cheer-analyzer.ts. */
export function createCheersService({ repo }: { repo: CheersRepo }) {
  return {
    /** The event of a key in the tenant (404 otherwise), and whether it is public. */
    async event(tenantId: string, key: string): Promise<{ isPublic: boolean }> {
      const event = await repo.eventByKey(key);
      if (!event || event.tenantId !== tenantId) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
      return { isPublic: event.isPublic };
    },

    /**
     * `GET /api/events/{key}/cheers`: the `top` strongest cheers, in time order (the viewer numbers
     * them 'Highlight 1..n' along the game). Only moments, scores and clip paths leave here; the
     * route lets only those who may watch a team-only event read its list.
     */
    async list(tenantId: string, key: string, top: number): Promise<Cheer[]> {
      const event = await repo.eventByKey(key);
      if (!event || event.tenantId !== tenantId) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
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
