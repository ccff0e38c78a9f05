import type { BoardItem, BoardPage } from '@app/contracts/talk';
import type { Caller } from '../../caller';
import type { Db } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { msPage } from '../clips/ms-page';
import type { UsersService } from '../users/users.service';
import { createMediaUrls } from '../videos/video-view';
import { activityInMillisecond, activityPage, channelRef } from './activity.repo';
import { toBoardItem } from './board-item';
import { createTalkPages, type PageQuery } from './talk-pages';

export const WELCOME_ID = 'welcome';
export const WELCOME_TEXT = 'Welcome to your team! Upgrade to a Teams or Athlete account in Settings to share videos, clips and live games here.';

export interface ActivityServiceDeps {
  db: Db;
  storage: Storage;
  users: Pick<UsersService, 'find'>;
}

/** The activity feed of the caller's active team; items are recorded by their causes (record-activity.ts). */
export function createActivityService({ db, storage, users }: ActivityServiceDeps) {
  const sign = createMediaUrls(storage);
  const pages = createTalkPages({ db, users });

  /** What an empty feed shows: a link to /settings that tells the user how to fill it. */
  async function welcome(channelId: number): Promise<BoardItem> {
    const ref = (await channelRef(db, channelId))!;
    return {
      _id: WELCOME_ID,
      subject: 'Welcome',
      publisher: '',
      content: WELCOME_TEXT,
      timestamp: ref.createdAt.getTime(),
      type: 'link',
      action: '/settings',
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
      return pages.read(caller, 'activity', query, async (channelId) => {
        const { rows, next } = await msPage(query.limit, query.timestamp, {
          page: (options) => activityPage(db, channelId, options),
          inMillisecond: (at) => activityInMillisecond(db, channelId, at),
          at: (row) => row.createdAt,
        });
        if (rows.length === 0 && query.timestamp === undefined) return serialize({ items: [await welcome(channelId)], next: null });
        return serialize({ items: await Promise.all(rows.map((row) => toBoardItem(sign, row))), next });
      });
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
