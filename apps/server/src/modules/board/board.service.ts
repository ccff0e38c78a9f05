import { EMPTY_MESSAGE, mentionedUsernames } from '@app/contracts/clips';
import type { BoardPage, BoardReply, BoardThread, PostBoardBody } from '@app/contracts/talk';
import type { Caller } from '../../caller';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { isUuid } from '../../uuid';
import { requireActiveTeam, type ActiveTeam } from '../activity/active-team';
import { toBoardItem } from '../activity/board-item';
import { recordActivity, withdrawActivity } from '../activity/record-activity';
import { createTalkPages, type PageQuery } from '../activity/talk-pages';
import { msPage } from '../../db/ms-page';
import { withdrawNotifications } from '../notifications/notify';
import type { TeamsService } from '../teams/teams.service';
import type { UsersService } from '../users/users.service';
import { recordUpdate } from '../updates/record-update';
import { createMediaUrls } from '../../storage/media-urls';
import { announceBoardMessage, notifyMentions } from './board-announcements';
import { boardInMillisecond, boardItem, boardPage, deleteMessage, insertMessage, lockMessage, messageOf, repliesOf, replyIdsOf, type MessageRow, type ReplyRow } from './board.repo';

export const MESSAGE_NOT_FOUND = 'Message not found.';
export const ONLY_AUTHOR_OR_OWNER = 'Only its author or the team owner can delete this.';
/** A thread shows at most this many replies (the newest). */
export const THREAD_REPLIES_LIMIT = 200;

export interface BoardServiceDeps {
  db: Db;
  storage: Storage;
  teams: Pick<TeamsService, 'activeChannel' | 'membersNamed'>;
  users: Pick<UsersService, 'find'>;
}

function requireText(message: string): string {
  const content = message.trim();
  if (!content) throw new AppError('VALIDATION_FAILED', EMPTY_MESSAGE);
  return content;
}

const threadPath = (messageId: string) => `/team/messages/${messageId}`;

const toReply = (row: ReplyRow): BoardReply => ({
  _id: row.id,
  publisher: row.publisher.username,
  name: row.publisher.name,
  image: row.publisher.image,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
});

/**
 * The message board of the caller's active team: posts (and the reels the owner shares into the
 * channel), their threads of replies, and deletes by the author or the team owner. Every write
 * records what the team's open pages hear in its own transaction.
 */
export function createBoardService({ db, storage, teams, users }: BoardServiceDeps) {
  const sign = createMediaUrls(storage);
  const pages = createTalkPages({ db, users });

  /** A message of the team by id (404 for anything else, another team's included); `kind` picks posts or replies. */
  async function requireMessage(channelId: number, id: string, kind: MessageRow['kind'], parentId?: string): Promise<MessageRow> {
    const row = isUuid(id) ? await messageOf(db, channelId, id) : undefined;
    if (!row || row.kind !== kind || (parentId !== undefined && row.parentId !== parentId)) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND);
    return row;
  }

  function requireMayDelete({ user, channel }: ActiveTeam, row: MessageRow): void {
    if (row.publisherUserId !== user.id && channel.ownerUserId !== user.id) throw new AppError('FORBIDDEN', ONLY_AUTHOR_OR_OWNER);
  }

  async function mentioned(channelId: number, content: string): Promise<number[]> {
    return (await teams.membersNamed(channelId, mentionedUsernames(content))).map((m) => m.id);
  }

  return {
    /**
     * `GET /api/team/board?limit=&timestamp=`: newest first, as the JSON `serialize` makes of it (kept
     * per channel while nothing on the board changed: talk-pages.ts).
     */
    async pageJson(caller: Caller, query: PageQuery, serialize: (page: BoardPage) => string): Promise<Buffer> {
      return pages.read(caller, 'board', query, async (channelId) => {
        const { rows, next } = await msPage(query.limit, query.timestamp, {
          page: (options) => boardPage(db, channelId, options),
          inMillisecond: (at) => boardInMillisecond(db, channelId, at),
          at: (row) => row.createdAt,
        });
        return serialize({ items: await Promise.all(rows.map((row) => toBoardItem(sign, row))), next });
      });
    },

    /** `POST /api/team/board {subject, message}`: the post, its mentions' notifications, its `board` update and its activity item. */
    async post(caller: Caller, body: PostBoardBody): Promise<{ id: string }> {
      const { user, channel } = await requireActiveTeam(teams, caller);
      const content = requireText(body.message);
      const subject = body.subject?.trim() ?? '';
      const mentions = await mentioned(channel.id, content);
      const id = await db.transaction(async (tx) => {
        const row = await insertMessage(tx, { tenantId: channel.tenantId, channelId: channel.id, publisherUserId: user.id, kind: 'message', subject, content }, mentions);
        await notifyMentions(tx, { tenantId: channel.tenantId, publisher: user, userIds: mentions, content, action: threadPath(row.id), messageId: row.id });
        await announceBoardMessage(tx, row, sign);
        await recordActivity(tx, {
          tenantId: channel.tenantId,
          channelId: channel.id,
          publisherUserId: user.id,
          subject,
          content,
          type: 'link',
          action: threadPath(row.id),
          messageId: row.id,
        });
        return row.id;
      });
      return { id };
    },

    /** `GET /api/team/board/{messageId}`: the message and its replies, newest first. */
    async thread(caller: Caller, id: string): Promise<BoardThread> {
      const { channel } = await requireActiveTeam(teams, caller);
      const item = isUuid(id) ? await boardItem(db, channel.id, id) : undefined;
      if (!item) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND);
      const replies = await repliesOf(db, id, THREAD_REPLIES_LIMIT);
      return { board: await toBoardItem(sign, item), messages: replies.map(toReply) };
    },

    /** `POST /api/team/board/{messageId} {message}`: the reply, its mentions' notifications and its `reply` update. */
    async reply(caller: Caller, id: string, message: string): Promise<BoardReply> {
      const { user, channel } = await requireActiveTeam(teams, caller);
      const parent = await requireMessage(channel.id, id, 'message');
      const content = requireText(message);
      const mentions = await mentioned(channel.id, content);
      return db.transaction(async (tx) => {
        const row = await insertMessage(
          tx,
          { tenantId: channel.tenantId, channelId: channel.id, publisherUserId: user.id, kind: 'reply', parentId: parent.id, content },
          mentions,
        );
        await notifyMentions(tx, { tenantId: channel.tenantId, publisher: user, userIds: mentions, content, action: threadPath(parent.id), messageId: row.id });
        const item = toReply({ ...row, publisher: { username: user.username, name: user.name, image: user.image } });
        await recordUpdate(tx, { tenantId: channel.tenantId, channelId: channel.id }, 'reply', { _id: row.id, board: parent.id, item });
        return item;
      });
    },

    /** `DELETE /api/team/board/{id}`: the author or the team owner; its replies, notifications and activity items go with it. */
    async remove(caller: Caller, id: string): Promise<void> {
      const team = await requireActiveTeam(teams, caller);
      const { channel } = team;
      requireMayDelete(team, await requireMessage(channel.id, id, 'message'));
      const audience = { tenantId: channel.tenantId, channelId: channel.id };
      await db.transaction(async (tx) => {
        await lockMessage(tx, id);
        const replies = (await replyIdsOf(tx, id)).map((r) => r.id);
        await withdrawNotifications(tx, [id, ...replies]);
        await withdrawActivity(tx, audience, id);
        await deleteMessage(tx, id);
        await recordUpdate(tx, audience, 'delete', { _id: id, kind: 'board' });
      });
    },

    /** `DELETE /api/team/board/{id}/{replyId}`: the reply's author or the team owner. */
    async removeReply(caller: Caller, id: string, replyId: string): Promise<void> {
      const team = await requireActiveTeam(teams, caller);
      const { channel } = team;
      await requireMessage(channel.id, id, 'message');
      requireMayDelete(team, await requireMessage(channel.id, replyId, 'reply', id));
      await db.transaction(async (tx) => {
        await withdrawNotifications(tx, [replyId]);
        await deleteMessage(tx, replyId);
        await recordUpdate(tx, { tenantId: channel.tenantId, channelId: channel.id }, 'delete', { _id: replyId, kind: 'reply', board: id });
      });
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
