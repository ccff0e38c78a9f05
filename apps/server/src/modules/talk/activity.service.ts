import type { BoardItem, BoardPage } from '@app/contracts/talk';
import type { Caller } from '../../caller';
import type { Db } from '../../db/client';
import type { BillingService } from '../billing/billing.service';
import type { Storage } from '../../storage/storage';
import { msPage } from '../../db/ms-page';
import type { TeamsService } from '../teams/teams.service';
import { createMediaUrls } from '../../storage/media-urls';
import type { ActivityRepo } from './activity.repo';
import { toBoardItem } from './board-item';
import { createTalkPages, type PageQuery } from './talk-pages';

export const WELCOME_ID = 'welcome';
export const WELCOME_TEXT = 'Welcome to your team! Upgrade to a Teams or Athlete account in Settings to share videos, clips and live games here.';
/** The welcome of a team or athlete level (the 8-day trial counts): nothing to upgrade, so how to start. */
export const WELCOME_UPLOADER_TEXT = 'Welcome to your team! Upload a game or go live, and its videos, clips and live games show here.';

export interface ActivityServiceDeps {
  db: Db;
  repo: ActivityRepo;
  storage: Storage;
  teams: Pick<TeamsService, 'activeChannelVersion'>;
  billing: Pick<BillingService, 'level'>;
}

/** The activity feed of the caller's active team; items are recorded in their causes' transactions (record-activity.ts; other modules' causes reach it as events: talk-subscriptions.ts). */
export function createActivityService({ db, repo, storage, teams, billing }: ActivityServiceDeps) {
  const sign = createMediaUrls(storage);
  const pages = createTalkPages({ teams });

  /**
   * What an empty feed shows, by the caller's level: a team or athlete level is told how to fill it
   * (a link to /upload); anyone else to upgrade (a link to /settings).
   */
  async function welcome(channelId: number, uploader: boolean): Promise<BoardItem> {
    const ref = (await repo.channelRef(db, channelId))!;
    return {
      _id: WELCOME_ID,
      subject: 'Welcome',
      publisher: '',
      content: uploader ? WELCOME_UPLOADER_TEXT : WELCOME_TEXT,
      timestamp: ref.createdAt.getTime(),
      type: 'link',
      action: uploader ? '/upload' : '/settings',
      recipients: [],
      channel: { owner: ref.owner, channel: ref.channel },
      preview: null,
      replies: 0,
    };
  }

  return {
    /**
     * `GET /api/team/activity?limit=&timestamp=`: newest first, a team with none gets the welcome item;
     * as the JSON `serialize` makes of it (kept per channel while the feed did not change: talk-pages.ts).
     */
    async pageJson(caller: Caller, query: PageQuery, serialize: (page: BoardPage) => string): Promise<Buffer> {
      // The welcome differs by level, so the kept pages do too (a purchase shows its welcome at once).
      const level = await billing.level(caller);
      const uploader = level === 'team' || level === 'athlete';
      return pages.read(caller, `activity:${uploader ? 'uploader' : 'other'}`, query, async (channelId) => {
        const { rows, next } = await msPage(query.limit, query.timestamp, {
          page: (options) => repo.activityPage(db, channelId, options),
          inMillisecond: (at) => repo.activityInMillisecond(db, channelId, at),
          at: (row) => row.createdAt,
        });
        if (rows.length === 0 && query.timestamp === undefined) return serialize({ items: [await welcome(channelId, uploader)], next: null });
        return serialize({ items: await Promise.all(rows.map((row) => toBoardItem(sign, row))), next });
      });
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
