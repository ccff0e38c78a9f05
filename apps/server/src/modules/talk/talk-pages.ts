import { NOT_A_TEAM_MEMBER } from '@app/contracts/talk';
import { LRUCache } from 'lru-cache';
import type { Caller } from '../../caller';
import { AppError } from '../../errors';
import { mediaUrlExpiry } from '../../storage/media-urls';
import type { TeamsService } from '../teams/teams.service';

/** Bytes of JSON kept per node and list: about 1,000 pages of 20 items. */
const CACHE_BYTES = 16 * 1024 * 1024;

/** A page of the board or the feed: `limit` items older than `timestamp` (ms), newest first. */
export interface PageQuery {
  limit: number;
  timestamp?: number | undefined;
}

export interface TalkPagesDeps {
  teams: Pick<TeamsService, 'activeChannelVersion'>;
}

/**
 * The pages of a team's board or feed, kept as the JSON they were sent as. A page is the same for
 * every member of a channel, so it is kept per channel, behind the caller's membership: each read
 * first finds the caller's active team (a removed member is refused at once) and the version of its
 * pages (the teams service's activeChannelVersion), one round trip, and answers the kept copy while that version stands
 * still. Copies are kept only within one media URL step, so their signed previews are the ones a
 * fresh read would sign; that also bounds a copy's life to about a minute, far inside the day the
 * update rows behind the version are kept before pruning could make an old version come back. The
 * one thing a page shows that moves no version is a shared reel's poster when the reel is edited
 * afterwards (its first clip changes): no open page hears of that either, and a copy shows the new
 * poster within that minute.
 */
export function createTalkPages({ teams }: TalkPagesDeps) {
  const pages = new LRUCache<string, { version: string; json: Buffer }>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (entry, key) => entry.json.length + key.length,
  });
  return {
    /**
     * The JSON of page `query` of list `what` of the caller's active team (403 for anyone in no team):
     * the kept copy while the team's version stands still, else `render`'s for the channel. The version
     * is read before rendering, so a copy is never older than the version it is kept under.
     */
    async read(caller: Caller, what: string, query: PageQuery, render: (channelId: number) => Promise<string>): Promise<Buffer> {
      const team = await teams.activeChannelVersion(caller);
      if (!team) throw new AppError('FORBIDDEN', NOT_A_TEAM_MEMBER);
      const key = `${caller.tenantId}\u0000${team.channelId}\u0000${mediaUrlExpiry()}\u0000${what}\u0000${query.limit}\u0000${query.timestamp ?? ''}`;
      const kept = pages.get(key);
      if (kept?.version === team.version) return kept.json;
      const json = Buffer.from(await render(team.channelId));
      pages.set(key, { version: team.version, json });
      return json;
    },
  };
}
