import { displayName } from '@app/contracts/user-me';
import { DEFAULT_VIDEO_TITLE } from '@app/contracts/videos';
import type { DomainEvents } from '../../domain-events';
import { recordUpdate } from '../updates/record-update';
import { activityRepo } from './activity.repo';
import { toBoardItem } from './board-item';
import { recordActivity } from './record-activity';

/**
 * The activity feed hears what other modules announce, in their transaction: its item (and the
 * `activity` update the channel's open pages hear) exists exactly when what it announces does, and
 * is recorded where the cause emits, which each emitter does last but for its own update. Made once
 * per process where the app and the job workers are built (runtime.ts): a video becomes ready in a
 * job, a game starts in the ingest.
 */
export function subscribeTalk(events: DomainEvents): void {
  // Activity text is kept as written, so it names the member as they were named when they joined
  // (the item's publisher is the member, whose current name pages show).
  events.on('team.memberJoined', async (tx, { tenantId, channelId, member }) => {
    await recordActivity(tx, {
      tenantId,
      channelId,
      publisherUserId: member.id,
      content: `${displayName(member)} joined the team`,
      type: 'link',
      action: `/team/members/${member.username}`,
    });
  });

  // A ready video is visible to everyone sharing a channel with its owner, so every channel the owner is in hears of it.
  events.on('video.ready', async (tx, video) => {
    for (const { id: channelId } of await activityRepo.channelsOfMember(tx, video.tenantId, video.ownerUserId)) {
      await recordActivity(tx, {
        tenantId: video.tenantId,
        channelId,
        publisherUserId: video.ownerUserId,
        content: `New video: ${video.title?.trim() || DEFAULT_VIDEO_TITLE}`,
        type: 'video',
        action: video.videoId,
      });
    }
  });

  events.on('schedule.itemCreated', async (tx, item) => {
    await recordActivity(tx, {
      tenantId: item.tenantId,
      channelId: item.channelId,
      publisherUserId: item.createdBy,
      content: `New on the schedule: ${item.title}`,
      type: 'link',
      action: `/team/schedule/${item.itemId}`,
    });
  });

  events.on('live.gameStarted', async (tx, game) => {
    await recordActivity(tx, {
      tenantId: game.tenantId,
      channelId: game.channelId,
      publisherUserId: game.ownerUserId,
      content: `Live now: ${game.title}`,
      type: 'live',
      action: game.key,
    });
  });

  // A live item reads from its game ('Final: ...' once it ended), so the channel's open pages hear it anew.
  events.on('live.itemsChanged', async (tx, game) => {
    for (const row of await activityRepo.liveItemsOf(tx, game.channelId, game.key)) {
      await recordUpdate(tx, { tenantId: game.tenantId, channelId: game.channelId }, 'activity', { _id: row.id, item: await toBoardItem(undefined, row) });
    }
  });
}
