import { CLIP_COMMENTS_LIMIT, type ChannelComment } from '@app/contracts/clips';
import type { Caller } from '../../caller';
import type { Db } from '../../db/client';
import type { ClipsService } from '../clips/clips.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { TeamsService } from '../teams/teams.service';
import type { UsersService } from '../users/users.service';
import { recordUpdate } from '../updates/record-update';
import type { ChannelMessagesRepo } from './channel-messages.repo';
import { mentionedMembers, requireText, toReplyJson } from './talk-text';

export interface CommentsServiceDeps {
  db: Db;
  repo: ChannelMessagesRepo;
  teams: Pick<TeamsService, 'memberChannel' | 'membersNamed'>;
  clips: Pick<ClipsService, 'visible'>;
  users: Pick<UsersService, 'byId'>;
  notifications: Pick<NotificationsService, 'notify'>;
}

/**
 * Comments on a clip in a team channel, seen and written by the channel's members who may see the
 * clip. `@username` mentions are recorded, and notified, for the channel's members only.
 */
export function createCommentsService({ db, repo, teams, clips, users, notifications }: CommentsServiceDeps) {
  /** The channel and clip of a comment thread: 404 unless the caller is in the channel and may see the clip. */
  async function thread(caller: Caller, owner: string, name: string, clipId: string) {
    const { user, channel } = await teams.memberChannel(caller, owner, name);
    const clip = await clips.visible(caller, clipId);
    return { user, channel, clip };
  }

  return {
    /** `GET /api/channel/{owner}/{channel}/{clipId}`: newest first. */
    async comments(caller: Caller, owner: string, name: string, clipId: string): Promise<ChannelComment[]> {
      const { channel, clip } = await thread(caller, owner, name, clipId);
      return (await repo.commentsOf(db, channel.id, clip.id, CLIP_COMMENTS_LIMIT)).map(toReplyJson);
    },

    /**
     * `POST /api/channel/{owner}/{channel}/{clipId} {message}`: the comment, its mentions' notifications
     * and its `comment` update (last), in one transaction: what it causes exists exactly when it does.
     */
    async comment(caller: Caller, owner: string, name: string, clipId: string, message: string): Promise<ChannelComment> {
      const { user, channel, clip } = await thread(caller, owner, name, clipId);
      const content = requireText(message);
      const channelOwner = (await users.byId(channel.tenantId, channel.ownerUserId))!;
      const mentions = await mentionedMembers(teams, channel.id, content);
      const row = await db.transaction(async (tx) => {
        const row = await repo.insertChannelMessage(tx, { tenantId: channel.tenantId, channelId: channel.id, publisherUserId: user.id, kind: 'comment', clipId: clip.id, content }, mentions);
        await notifications.notify(tx, mentions, 'mention', { tenantId: channel.tenantId, publisherUserId: user.id, content, action: `/team/clips/${clip.reelId}`, messageId: row.id });
        await recordUpdate(tx, { tenantId: channel.tenantId, channelId: channel.id }, 'comment', {
          _id: row.id,
          clip: clip.id,
          channel: { owner: channelOwner.username, channel: channel.name },
        });
        return row;
      });
      return toReplyJson({ ...row, publisher: { username: user.username, name: user.name, image: user.image } });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
