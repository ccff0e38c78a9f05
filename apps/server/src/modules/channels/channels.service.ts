import { CLIP_COMMENTS_LIMIT, EMPTY_MESSAGE, mentionedUsernames, type ChannelComment, type SharedReelMessage } from '@app/contracts/clips';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { ClipsService } from '../clips/clips.service';
import type { ReelsService } from '../reels/reels.service';
import type { TeamsService } from '../teams/teams.service';
import type { Caller } from '../../caller';
import type { UsersService } from '../users/users.service';
import { recordActivity } from '../activity/record-activity';
import { announceBoardMessage, notifyMentions } from '../board/board-announcements';
import type { Storage } from '../../storage/storage';
import { recordUpdate } from '../updates/record-update';
import { createMediaUrls } from '../../storage/media-urls';
import { createChannelsRepo, type MessageWithPublisher } from './channels.repo';

export const ONLY_OWNER_SHARES = 'Only the team owner can share a reel in the channel.';

export interface ChannelsServiceDeps {
  db: Db;
  storage: Storage;
  teams: Pick<TeamsService, 'memberChannel' | 'membersNamed' | 'ownedChannel'>;
  clips: Pick<ClipsService, 'visible'>;
  reels: Pick<ReelsService, 'visible'>;
  users: Pick<UsersService, 'find' | 'byId'>;
}

function requireText(message: string): string {
  const content = message.trim();
  if (!content) throw new AppError('VALIDATION_FAILED', EMPTY_MESSAGE);
  return content;
}

const toComment = (row: MessageWithPublisher): ChannelComment => ({
  _id: row.id,
  publisher: row.publisher.username,
  name: row.publisher.name,
  image: row.publisher.image,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
});

/**
 * Messages of a team channel: comments on a clip, seen and posted by the channel's
 * members who may see the clip, and reels the team owner shares into the channel (a board message
 * and an activity item). `@username` mentions are recorded, and notified, for the channel's members only.
 */
export function createChannelsService({ db, storage, teams, clips, reels, users }: ChannelsServiceDeps) {
  const repo = createChannelsRepo(db);
  const sign = createMediaUrls(storage);

  /** The channel and clip of a comment thread: 404 unless the caller is in the channel and may see the clip. */
  async function thread(caller: Caller, owner: string, name: string, clipId: string) {
    const { user, channel } = await teams.memberChannel(caller, owner, name);
    const clip = await clips.visible(caller, clipId);
    return { user, channel, clip };
  }

  async function mentions(channelId: number, content: string): Promise<number[]> {
    return (await teams.membersNamed(channelId, mentionedUsernames(content))).map((m) => m.id);
  }

  return {
    /** `GET /api/channel/{owner}/{channel}/{clipId}`: newest first. */
    async comments(caller: Caller, owner: string, name: string, clipId: string): Promise<ChannelComment[]> {
      const { channel, clip } = await thread(caller, owner, name, clipId);
      return (await repo.commentsOf(channel.id, clip.id, CLIP_COMMENTS_LIMIT)).map(toComment);
    },

    /** `POST /api/channel/{owner}/{channel}/{clipId} {message}`. */
    async comment(caller: Caller, owner: string, name: string, clipId: string, message: string): Promise<ChannelComment> {
      const { user, channel, clip } = await thread(caller, owner, name, clipId);
      const content = requireText(message);
      const channelOwner = (await users.byId(channel.tenantId, channel.ownerUserId))!;
      const mentioned = await mentions(channel.id, content);
      const row = await repo.insert(
        { tenantId: channel.tenantId, channelId: channel.id, publisherUserId: user.id, kind: 'comment', clipId: clip.id, content },
        mentioned,
        async (tx, row) => {
          await notifyMentions(tx, { tenantId: channel.tenantId, publisher: user, userIds: mentioned, content, action: `/team/clips/${clip.reelId}`, messageId: row.id });
          await recordUpdate(tx, { tenantId: channel.tenantId, channelId: channel.id }, 'comment', {
            _id: row.id,
            clip: clip.id,
            channel: { owner: channelOwner.username, channel: channel.name },
          });
        },
      );
      return toComment({ ...row, publisher: { username: user.username, name: user.name, image: user.image } });
    },

    /** `POST /api/channel/{owner}/{channel} {message, reel}`: the team owner only (403), a reel they may see (404). */
    async shareReel(caller: Caller, owner: string, name: string, body: { message: string; reel: string }): Promise<SharedReelMessage> {
      const user = await users.find(caller);
      if (!user) throw new AppError('FORBIDDEN', ONLY_OWNER_SHARES);
      const channel = await teams.ownedChannel(user, owner, name, ONLY_OWNER_SHARES);
      const content = requireText(body.message);
      const reel = await reels.visible(caller, body.reel);
      const mentioned = await mentions(channel.id, content);
      const row = await repo.insert(
        { tenantId: channel.tenantId, channelId: channel.id, publisherUserId: user.id, kind: 'message', content, type: 'reel', action: reel.id },
        mentioned,
        async (tx, row) => {
          const audience = { tenantId: channel.tenantId, channelId: channel.id };
          await notifyMentions(tx, { ...audience, publisher: user, userIds: mentioned, content, action: `/team/messages/${row.id}`, messageId: row.id });
          await announceBoardMessage(tx, { ...audience, id: row.id }, sign);
          await recordActivity(tx, { ...audience, publisherUserId: user.id, content, type: 'reel', action: reel.id, messageId: row.id }, sign);
        },
      );
      return { _id: row.id, publisher: user.username, content: row.content, timestamp: row.createdAt.toISOString(), type: 'reel', action: reel.id };
    },
  };
}
export type ChannelsService = ReturnType<typeof createChannelsService>;
