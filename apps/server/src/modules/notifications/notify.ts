import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/job-transaction';
import { notifications, users } from '../../db/schema';
import { sendJobIn } from '../../jobs/job-queue';
import { lockUpdates, recordUpdate } from '../updates/record-update';
import { digestJob } from './notification-digest';
import { notificationText } from './notification-text';

type Writer = Pick<Executor, 'execute' | 'insert' | 'select' | 'delete'>;

export interface NewNotification {
  tenantId: string;
  /** Who is told: members of the publisher's team, already checked by the caller. */
  userIds: number[];
  publisherUserId: number | null;
  message: string;
  action: string | null;
  /** The channel message that caused it: the notification goes when the message does. */
  messageId?: string | null;
}

/** A user's unread count, read under the updates lock so it includes every change committed before it. */
export async function recordUnread(tx: Writer, tenantId: string, userId: number): Promise<number> {
  await lockUpdates(tx);
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const unread = row?.n ?? 0;
  await recordUpdate(tx, { tenantId, userId }, 'unread', { unread });
  return unread;
}

/**
 * Notifies users in the writer's transaction: one notification each (never the publisher), a
 * `notification` update for each and their new unread count, and their e-mail digest queued (it
 * mails what is still unread once due). Returns the new notifications' ids.
 */
export async function notify(tx: Writer, note: NewNotification): Promise<string[]> {
  const userIds = [...new Set(note.userIds)].filter((id) => id !== note.publisherUserId);
  if (userIds.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(userIds.map((userId) => ({ tenantId: note.tenantId, userId, publisherUserId: note.publisherUserId, message: note.message, action: note.action, messageId: note.messageId ?? null })))
    .returning();
  const [publisher = null] = note.publisherUserId === null ? [] : await tx.select({ username: users.username, name: users.name }).from(users).where(eq(users.id, note.publisherUserId));
  for (const row of rows) {
    const job = digestJob(row.userId);
    await sendJobIn(tx, 'notification-mail', job.data, job.options);
  }
  for (const row of rows) {
    const item = { _id: row.id, type: row.type, message: notificationText(row, publisher), action: row.action, publisher: publisher?.username ?? null, timestamp: row.createdAt.getTime(), read: false };
    await recordUpdate(tx, { tenantId: note.tenantId, userId: row.userId }, 'notification', { _id: row.id, item });
    await recordUnread(tx, note.tenantId, row.userId);
  }
  return rows.map((row) => row.id);
}

/**
 * Before messages are deleted: their notifications go now, each user's open pages hear it and get
 * their new unread count (so no badge counts what no longer exists).
 */
export async function withdrawNotifications(tx: Writer, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  const gone = await tx.delete(notifications).where(inArray(notifications.messageId, messageIds)).returning({ id: notifications.id, tenantId: notifications.tenantId, userId: notifications.userId });
  for (const row of gone) await recordUpdate(tx, { tenantId: row.tenantId, userId: row.userId }, 'delete', { _id: row.id, kind: 'notification' });
  const users = new Map(gone.map((row) => [row.userId, row.tenantId]));
  for (const [userId, tenantId] of users) await recordUnread(tx, tenantId, userId);
}
