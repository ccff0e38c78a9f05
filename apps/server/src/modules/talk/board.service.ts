import type { SharedReelMessage } from '@app/contracts/clips';
import type { BoardPage, BoardReply, BoardThread, PostBoardBody } from '@app/contracts/talk';
import type { Caller } from '../../caller';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { isUuid } from '../../uuid';
import { msPage } from '../../db/ms-page';
import type { NotificationsService } from '../notifications/notifications.service';
import type { ReelsService } from '../reels/reels.service';
import { requireActiveTeam, type ActiveTeam } from '../teams/active-team';
import type { TeamsService } from '../teams/teams.service';
import type { UsersService } from '../users/users.service';
import { recordUpdate } from '../updates/record-update';
import { createMediaUrls } from '../../storage/media-urls';
import { toBoardItem } from './board-item';
import type { ChannelMessageRow, ChannelMessagesRepo } from './channel-messages.repo';
import { recordActivity, withdrawActivity } from './record-activity';
import { createTalkPages, type PageQuery } from './talk-pages';
import { mentionedMembers, requireText, toReplyJson } from './talk-text';

export const MESSAGE_NOT_FOUND = 'Message not found.';
export const ONLY_AUTHOR_OR_OWNER = 'Only its author or the team owner can delete this.';
export const ONLY_OWNER_SHARES = 'Only the team owner can share a reel in the channel.';
/** A thread shows at most this many replies (the newest). */
export const THREAD_REPLIES_LIMIT = 200;

export interface BoardServiceDeps {
  db: Db;
  repo: ChannelMessagesRepo;
  storage: Storage;
  teams: Pick<TeamsService, 'activeChannel' | 'activeChannelVersion' | 'membersNamed' | 'ownedChannel'>;
  users: Pick<UsersService, 'find'>;
  reels: Pick<ReelsService, 'visible'>;
  notifications: Pick<NotificationsService, 'notify' | 'withdraw'>;
}

const threadPath = (postId: string) => `/team/messages/${postId}`;

/**
 * The message board of the caller's active team: board posts (written ones, and the reels the owner
 * shares into the channel), their threads of replies, and deletes by the author or the team owner.
 * Every write notifies the members it mentions and records what the team's open pages hear, in its
 * own transaction.
 */
export function createBoardService({ db, repo, storage, teams, users, reels, notifications }: BoardServiceDeps) {
  const sign = createMediaUrls(storage);
  const pages = createTalkPages({ teams });

  /** The `board` update of a new board post (written or a shared reel), for the channel's open pages. */
  async function announcePost(tx: Pick<Executor, 'execute' | 'insert' | 'select'>, post: { tenantId: string; channelId: number; id: string }): Promise<void> {
    const item = await toBoardItem(sign, (await repo.boardItem(tx, post.channelId, post.id))!);
    await recordUpdate(tx, { tenantId: post.tenantId, channelId: post.channelId }, 'board', { _id: post.id, item });
  }

  /** A post or reply of the team by id (404 for anything else, another team's included). */
  async function requireRow(channelId: number, id: string, kind: 'message' | 'reply', parentId?: string): Promise<ChannelMessageRow> {
    const row = isUuid(id) ? await repo.channelMessageOf(db, channelId, id) : undefined;
    if (!row || row.kind !== kind || (parentId !== undefined && row.parentId !== parentId)) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND);
    return row;
  }

  function requireMayDelete({ user, channel }: ActiveTeam, row: ChannelMessageRow): void {
    if (row.publisherUserId !== user.id && channel.ownerUserId !== user.id) throw new AppError('FORBIDDEN', ONLY_AUTHOR_OR_OWNER);
  }

  return {
    /**
     * `GET /api/team/board?limit=&timestamp=`: newest first, as the JSON `serialize` makes of it (kept
     * per channel while nothing on the board changed: talk-pages.ts).
     */
    async pageJson(caller: Caller, query: PageQuery, serialize: (page: BoardPage) => string): Promise<Buffer> {
      return pages.read(caller, 'board', query, async (channelId) => {
        const { rows, next } = await msPage(query.limit, query.timestamp, {
          page: (options) => repo.boardPage(db, channelId, options),
          inMillisecond: (at) => repo.boardInMillisecond(db, channelId, at),
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
      const mentions = await mentionedMembers(teams, channel.id, content);
      const audience = { tenantId: channel.tenantId, channelId: channel.id };
      const id = await db.transaction(async (tx) => {
        const row = await repo.insertChannelMessage(tx, { ...audience, publisherUserId: user.id, kind: 'message', subject, content }, mentions);
        await notifications.notify(tx, mentions, 'mention', { tenantId: channel.tenantId, publisherUserId: user.id, content, action: threadPath(row.id), messageId: row.id });
        await announcePost(tx, row);
        await recordActivity(tx, { ...audience, publisherUserId: user.id, subject, content, type: 'link', action: threadPath(row.id), messageId: row.id });
        return row.id;
      });
      return { id };
    },

    /** `POST /api/channel/{owner}/{channel} {message, reel}`: a board post sharing a reel; the team owner only (403), a reel they may see (404). */
    async shareReel(caller: Caller, owner: string, name: string, body: { message: string; reel: string }): Promise<SharedReelMessage> {
      const user = await users.find(caller);
      if (!user) throw new AppError('FORBIDDEN', ONLY_OWNER_SHARES);
      const channel = await teams.ownedChannel(user, owner, name, ONLY_OWNER_SHARES);
      const content = requireText(body.message);
      const reel = await reels.visible(caller, body.reel);
      const mentions = await mentionedMembers(teams, channel.id, content);
      const audience = { tenantId: channel.tenantId, channelId: channel.id };
      const row = await db.transaction(async (tx) => {
        const row = await repo.insertChannelMessage(tx, { ...audience, publisherUserId: user.id, kind: 'message', content, type: 'reel', action: reel.id }, mentions);
        await notifications.notify(tx, mentions, 'mention', { tenantId: channel.tenantId, publisherUserId: user.id, content, action: threadPath(row.id), messageId: row.id });
        await announcePost(tx, row);
        await recordActivity(tx, { ...audience, publisherUserId: user.id, content, type: 'reel', action: reel.id, messageId: row.id }, sign);
        return row;
      });
      return { _id: row.id, publisher: user.username, content: row.content, timestamp: row.createdAt.toISOString(), type: 'reel', action: reel.id };
    },

    /** `GET /api/team/board/{messageId}`: the post and its replies, newest first. */
    async thread(caller: Caller, id: string): Promise<BoardThread> {
      const { channel } = await requireActiveTeam(teams, caller);
      const item = isUuid(id) ? await repo.boardItem(db, channel.id, id) : undefined;
      if (!item) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND);
      const replies = await repo.repliesOf(db, id, THREAD_REPLIES_LIMIT);
      return { board: await toBoardItem(sign, item), messages: replies.map(toReplyJson) };
    },

    /** `POST /api/team/board/{messageId} {message}`: the reply, its mentions' notifications and its `reply` update. */
    async reply(caller: Caller, id: string, message: string): Promise<BoardReply> {
      const { user, channel } = await requireActiveTeam(teams, caller);
      const parent = await requireRow(channel.id, id, 'message');
      const content = requireText(message);
      const mentions = await mentionedMembers(teams, channel.id, content);
      return db.transaction(async (tx) => {
        const row = await repo.insertChannelMessage(
          tx,
          { tenantId: channel.tenantId, channelId: channel.id, publisherUserId: user.id, kind: 'reply', parentId: parent.id, content },
          mentions,
        );
        await notifications.notify(tx, mentions, 'mention', { tenantId: channel.tenantId, publisherUserId: user.id, content, action: threadPath(parent.id), messageId: row.id });
        const item = toReplyJson({ ...row, publisher: { username: user.username, name: user.name, image: user.image } });
        await recordUpdate(tx, { tenantId: channel.tenantId, channelId: channel.id }, 'reply', { _id: row.id, board: parent.id, item });
        return item;
      });
    },

    /** `DELETE /api/team/board/{id}`: the author or the team owner; its replies, notifications and activity items go with it. */
    async remove(caller: Caller, id: string): Promise<void> {
      const team = await requireActiveTeam(teams, caller);
      const { channel } = team;
      requireMayDelete(team, await requireRow(channel.id, id, 'message'));
      const audience = { tenantId: channel.tenantId, channelId: channel.id };
      await db.transaction(async (tx) => {
        await repo.lockPost(tx, id);
        const replies = (await repo.replyIdsOf(tx, id)).map((r) => r.id);
        await notifications.withdraw(tx, [id, ...replies]);
        await withdrawActivity(tx, audience, id);
        await repo.deleteChannelMessage(tx, id);
        await recordUpdate(tx, audience, 'delete', { _id: id, kind: 'board' });
      });
    },

    /** `DELETE /api/team/board/{id}/{replyId}`: the reply's author or the team owner. */
    async removeReply(caller: Caller, id: string, replyId: string): Promise<void> {
      const team = await requireActiveTeam(teams, caller);
      const { channel } = team;
      await requireRow(channel.id, id, 'message');
      requireMayDelete(team, await requireRow(channel.id, replyId, 'reply', id));
      await db.transaction(async (tx) => {
        await notifications.withdraw(tx, [replyId]);
        await repo.deleteChannelMessage(tx, replyId);
        await recordUpdate(tx, { tenantId: channel.tenantId, channelId: channel.id }, 'delete', { _id: replyId, kind: 'reply', board: id });
      });
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
