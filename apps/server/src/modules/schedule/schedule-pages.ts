import { NOT_A_TEAM_MEMBER } from '@app/contracts/talk';
import { LRUCache } from 'lru-cache';
import type { Caller } from '../../caller';
import { AppError } from '../../errors';
import type { TeamsService } from '../teams/teams.service';

/** Bytes of JSON kept per node: a month of a team's schedule is a few KB, so thousands of lists. */
const CACHE_BYTES = 16 * 1024 * 1024;
/**
 * A copy is kept at most this long: far inside the day the update rows behind its version are kept, so
 * pruning them can never make the version of an old copy come back.
 */
export const SCHEDULE_KEEP_MS = 5 * 60_000;

/** Whose schedule a list is: the caller and their active team's channel. */
export interface ScheduleViewer {
  userId: number;
  channelId: number;
}

/**
 * The schedule lists of the callers, kept as the JSON they were sent as. A list holds the caller's own
 * answers, so it is kept per caller (and query), behind their membership: each read first finds the
 * caller's active team (someone who left is refused at once) and the version of what the team's lists
 * show (the teams service's activeChannelVersion), one round trip, and answers the kept copy while that version stands still
 * and the clock has not moved an item into or out of the query's window. Every write to a team's items
 * and answers records a team update in its own transaction, which moves the version; so do members
 * joining and leaving (the counts of who has not answered).
 */
export function createSchedulePages({ teams }: { teams: Pick<TeamsService, 'activeChannelVersion'> }) {
  const kept = new LRUCache<string, { version: string; until: number; json: Buffer }>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (entry, key) => entry.json.length + key.length,
  });
  return {
    /**
     * The JSON of list `what` of the caller's active team (403 for anyone in no team): the kept copy, else
     * `render`'s, which says until when its list stays right while nothing changes. The version is read
     * before rendering, so a copy is never older than the version it is kept under.
     */
    async read(caller: Caller, what: string, render: (viewer: ScheduleViewer, now: number) => Promise<{ json: string; until: number }>): Promise<Buffer> {
      const team = await teams.activeChannelVersion(caller);
      if (!team) throw new AppError('FORBIDDEN', NOT_A_TEAM_MEMBER);
      const key = `${caller.tenantId}\u0000${team.channelId}\u0000${team.userId}\u0000${what}`;
      const now = Date.now();
      const copy = kept.get(key);
      if (copy && copy.version === team.version && now < copy.until) return copy.json;
      const { json, until } = await render({ userId: team.userId, channelId: team.channelId }, now);
      const buffer = Buffer.from(json);
      kept.set(key, { version: team.version, until: Math.min(until, now + SCHEDULE_KEEP_MS), json: buffer });
      return buffer;
    },
  };
}
