import { DEFAULT_VIDEO_TITLE } from '@app/contracts/videos';
import type { BoardItem, BoardType } from '@app/contracts/talk';
import type { Executor } from '../../db/job-transaction';
import { recordUpdate } from '../updates/record-update';
import type { MediaUrl } from '../../storage/media-urls';
import { activityItem, channelsOfMember, deleteActivityOf, insertActivity, liveItemsOf } from './activity.repo';
import { toBoardItem } from './board-item';

/** The pool, a drizzle transaction or a job transaction: whatever the cause's writer holds. */
type Writer = Pick<Executor, 'execute' | 'insert' | 'select'>;

export interface NewActivity {
  tenantId: string;
  channelId: number;
  /** Who caused it (shown as its publisher). */
  publisherUserId: number | null;
  subject?: string;
  content: string;
  type: BoardType;
  /** By type: a reel id, a live event key, a video key, a path. A reel item's preview is its first clip's poster. */
  action: string;
  /** The board message it announces: the item goes when the message does. */
  messageId?: string;
}

/**
 * Records an activity item in its cause's transaction (it exists exactly when what it announces
 * does) and the `activity` update the channel's open pages hear. Call it last in the transaction.
 * `sign` signs a reel item's preview for the update; without it the update carries none.
 */
export async function recordActivity(tx: Writer, activity: NewActivity, sign?: MediaUrl): Promise<BoardItem> {
  const id = await insertActivity(tx, {
    tenantId: activity.tenantId,
    channelId: activity.channelId,
    publisherUserId: activity.publisherUserId,
    subject: activity.subject ?? '',
    content: activity.content,
    type: activity.type,
    action: activity.action,
    messageId: activity.messageId ?? null,
  });
  const item = await toBoardItem(sign, (await activityItem(tx, id))!);
  await recordUpdate(tx, { tenantId: activity.tenantId, channelId: activity.channelId }, 'activity', { _id: id, item });
  return item;
}

/**
 * A video became ready: its owner's teammates may see it from now on (a ready video is visible to
 * everyone sharing a channel with its owner), so every channel the owner is in hears of it.
 */
export async function recordVideoReady(tx: Writer, video: { id: string; tenantId: string; ownerUserId: number; title: string | null }): Promise<void> {
  for (const { id: channelId } of await channelsOfMember(tx, video.tenantId, video.ownerUserId)) {
    await recordActivity(tx, {
      tenantId: video.tenantId,
      channelId,
      publisherUserId: video.ownerUserId,
      content: `New video: ${video.title?.trim() || DEFAULT_VIDEO_TITLE}`,
      type: 'video',
      action: video.id,
    });
  }
}

/** Before a board message is deleted: its activity items go now, and the channel's open pages hear it. */
export async function withdrawActivity(tx: Writer & Pick<Executor, 'delete'>, audience: { tenantId: string; channelId: number }, messageId: string): Promise<void> {
  for (const { id } of await deleteActivityOf(tx, messageId)) await recordUpdate(tx, audience, 'delete', { _id: id, kind: 'activity' });
}

/**
 * A live game ended, or went on again after an encoder reconnect (call it in the transaction that changed
 * its status): its items read from the game, so the channel's open pages hear them anew ('Final: ...').
 */
export async function recordLiveItemsChanged(tx: Writer, event: { tenantId: string; channelId: number; key: string }): Promise<void> {
  for (const row of await liveItemsOf(tx, event.channelId, event.key)) {
    await recordUpdate(tx, { tenantId: event.tenantId, channelId: event.channelId }, 'activity', { _id: row.id, item: await toBoardItem(undefined, row) });
  }
}
