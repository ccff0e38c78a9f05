import type { Executor } from '../../db/job-transaction';
import { toBoardItem } from '../activity/board-item';
import { notify } from '../notifications/notify';
import { recordUpdate } from '../updates/record-update';
import type { MediaUrl } from '../../storage/media-urls';
import { boardItem } from './board.repo';

type Writer = Pick<Executor, 'execute' | 'insert' | 'select' | 'delete'>;

/** A mention notification shows this much of the message. */
export const MENTION_EXCERPT = 140;

/**
 * Notifies the members a message mentions (already known to be members of its channel; never its
 * publisher), in the message's transaction: the notification goes when the message does.
 */
export async function notifyMentions(
  tx: Writer,
  mention: { tenantId: string; publisher: { id: number; username: string }; userIds: number[]; content: string; action: string; messageId: string },
): Promise<void> {
  // By code point: a cut never splits an emoji.
  const chars = [...mention.content];
  const excerpt = chars.length > MENTION_EXCERPT ? `${chars.slice(0, MENTION_EXCERPT).join('')}…` : mention.content;
  await notify(tx, {
    tenantId: mention.tenantId,
    userIds: mention.userIds,
    publisherUserId: mention.publisher.id,
    // Only the excerpt: who mentioned is named when the notification is read (notification-text.ts).
    message: excerpt,
    action: mention.action,
    messageId: mention.messageId,
  });
}

/** The `board` update of a new board message (a post or a shared reel), for the channel's open pages. */
export async function announceBoardMessage(tx: Writer, message: { tenantId: string; channelId: number; id: string }, sign?: MediaUrl): Promise<void> {
  const item = await toBoardItem(sign, (await boardItem(tx, message.channelId, message.id))!);
  await recordUpdate(tx, { tenantId: message.tenantId, channelId: message.channelId }, 'board', { _id: message.id, item });
}
