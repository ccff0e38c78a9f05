import type { BoardItem, BoardType } from '@app/contracts/talk';
import type { Executor } from '../../db/job-transaction';
import { recordUpdate } from '../updates/record-update';
import type { MediaUrl } from '../../storage/media-urls';
import { activityRepo } from './activity.repo';
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
  /** The board post it announces: the item goes when the post does. */
  messageId?: string;
}

/**
 * Records an activity item in its cause's transaction (it exists exactly when what it announces
 * does) and the `activity` update the channel's open pages hear. Call it last in the transaction.
 * `sign` signs a reel item's preview for the update; without it the update carries none.
 */
export async function recordActivity(tx: Writer, activity: NewActivity, sign?: MediaUrl): Promise<BoardItem> {
  const id = await activityRepo.insertActivity(tx, {
    tenantId: activity.tenantId,
    channelId: activity.channelId,
    publisherUserId: activity.publisherUserId,
    subject: activity.subject ?? '',
    content: activity.content,
    type: activity.type,
    action: activity.action,
    messageId: activity.messageId ?? null,
  });
  const item = await toBoardItem(sign, (await activityRepo.activityItem(tx, id))!);
  await recordUpdate(tx, { tenantId: activity.tenantId, channelId: activity.channelId }, 'activity', { _id: id, item });
  return item;
}

/** Before a board post is deleted: its activity items go now, and the channel's open pages hear it. */
export async function withdrawActivity(tx: Writer & Pick<Executor, 'delete'>, audience: { tenantId: string; channelId: number }, messageId: string): Promise<void> {
  for (const { id } of await activityRepo.deleteActivityOf(tx, messageId)) await recordUpdate(tx, audience, 'delete', { _id: id, kind: 'activity' });
}
