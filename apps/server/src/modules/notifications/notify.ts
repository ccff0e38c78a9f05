import type { Executor } from '../../db/job-transaction';
import { sendJobIn } from '../../jobs/job-queue';
import { lockUpdates, recordUpdate } from '../updates/record-update';
import { digestJob } from './notification-digest';
import { notificationText } from './notification-text';
import { countUnread, deleteNotificationsOf, insertNotifications, publisherOf, type NewNotificationRow } from './notifications.repo';

type Writer = Pick<Executor, 'execute' | 'insert' | 'select' | 'delete'>;

/** A mention notification shows this much of the message. */
export const MENTION_EXCERPT = 140;

/** Every way a user is told something, by kind, and what each kind carries. */
export interface NotificationKinds {
  /**
   * A board post, a reply or a clip comment mentioned the user (a member of its channel): only an
   * excerpt is kept, and who mentioned is named when it is read (notification-text.ts). It points at
   * the message, so it goes when the message does.
   */
  mention: { tenantId: string; publisherUserId: number; content: string; action: string; messageId: string };
  /** `POST /api/user/messages`: a teammate's own words, shown as written. */
  direct: { tenantId: string; publisherUserId: number; message: string; action: string | null };
}
export type NotificationKind = keyof NotificationKinds;

/** What the row of each kind stores. */
const rowOf: { [K in NotificationKind]: (payload: NotificationKinds[K]) => Pick<NewNotificationRow, 'message' | 'action' | 'messageId'> } = {
  mention: ({ content, action, messageId }) => {
    // By code point: a cut never splits an emoji.
    const chars = [...content];
    return { message: chars.length > MENTION_EXCERPT ? `${chars.slice(0, MENTION_EXCERPT).join('')}…` : content, action, messageId };
  },
  direct: ({ message, action }) => ({ message, action, messageId: null }),
};

/** A user's unread count, read under the updates lock so it includes every change committed before it. */
export async function recordUnread(tx: Writer, tenantId: string, userId: number): Promise<number> {
  await lockUpdates(tx);
  const unread = await countUnread(tx, userId);
  await recordUpdate(tx, { tenantId, userId }, 'unread', { unread });
  return unread;
}

/**
 * Tells users something, in the cause's transaction (it is told exactly when the cause happened):
 * one notification each (never the publisher) for the bell, a `notification` update for each and
 * their new unread count for their open pages, and their e-mail digest queued (it mails what is
 * still unread once due). Returns the new notifications' ids.
 */
export async function notify<K extends NotificationKind>(tx: Writer, userIds: number[], kind: K, payload: NotificationKinds[K]): Promise<string[]> {
  const { tenantId, publisherUserId } = payload;
  const recipients = [...new Set(userIds)].filter((id) => id !== publisherUserId);
  if (recipients.length === 0) return [];
  const stored = rowOf[kind](payload);
  const rows = await insertNotifications(
    tx,
    recipients.map((userId) => ({ tenantId, userId, publisherUserId, ...stored })),
  );
  const publisher = (await publisherOf(tx, publisherUserId)) ?? null;
  for (const row of rows) {
    const job = digestJob(row.userId);
    await sendJobIn(tx, 'notification-mail', job.data, job.options);
  }
  for (const row of rows) {
    const item = { _id: row.id, type: row.type, message: notificationText(row, publisher), action: row.action, publisher: publisher?.username ?? null, timestamp: row.createdAt.getTime(), read: false };
    await recordUpdate(tx, { tenantId, userId: row.userId }, 'notification', { _id: row.id, item });
    await recordUnread(tx, tenantId, row.userId);
  }
  return rows.map((row) => row.id);
}

/**
 * Before messages are deleted: their notifications go now, each user's open pages hear it and get
 * their new unread count (so no badge counts what no longer exists).
 */
export async function withdrawNotifications(tx: Writer, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  const gone = await deleteNotificationsOf(tx, messageIds);
  for (const row of gone) await recordUpdate(tx, { tenantId: row.tenantId, userId: row.userId }, 'delete', { _id: row.id, kind: 'notification' });
  const users = new Map(gone.map((row) => [row.userId, row.tenantId]));
  for (const [userId, tenantId] of users) await recordUnread(tx, tenantId, userId);
}
