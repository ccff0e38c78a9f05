import { aliasedTable, and, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { channelMembers, identityUsers, notifications, users } from '../../db/schema';

const publishers = aliasedTable(users, 'publisher');

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
export type NotificationRow = Awaited<ReturnType<NotificationsRepo['page']>>[number];
export type NewNotificationRow = Pick<typeof notifications.$inferInsert, 'tenantId' | 'userId' | 'publisherUserId' | 'message' | 'action' | 'messageId'>;

type Reader = Pick<Executor, 'select'>;

/** A user's unread count, in the caller's transaction (or on the pool). */
export async function countUnread(q: Reader, userId: number): Promise<number> {
  const [row] = await q.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export const insertNotifications = (tx: Pick<Executor, 'insert'>, rows: NewNotificationRow[]) => tx.insert(notifications).values(rows).returning();

/** Who a notification is from, as the users table has them now. */
export const publisherOf = (q: Reader, userId: number): Promise<{ username: string; name: string | null } | undefined> =>
  q
    .select({ username: users.username, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);

/** Deletes the notifications that messages caused; returns whose they were. */
export const deleteNotificationsOf = (tx: Pick<Executor, 'delete'>, messageIds: string[]) =>
  tx.delete(notifications).where(inArray(notifications.messageId, messageIds)).returning({ id: notifications.id, tenantId: notifications.tenantId, userId: notifications.userId });

export function createNotificationsRepo(db: Db) {
  const select = (where: SQL | undefined) =>
    db
      .select({
        id: notifications.id,
        type: notifications.type,
        message: notifications.message,
        action: notifications.action,
        messageId: notifications.messageId,
        publisher: publishers.username,
        publisherName: publishers.name,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .leftJoin(publishers, eq(publishers.id, notifications.publisherUserId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id));

  return {
    /** A user's notifications newest first, strictly older than `before`. */
    page(userId: number, options: { before?: Date; limit: number }) {
      return select(and(eq(notifications.userId, userId), options.before ? lt(notifications.createdAt, options.before) : undefined)).limit(options.limit);
    },

    inMillisecond(userId: number, at: Date) {
      return select(and(eq(notifications.userId, userId), gte(notifications.createdAt, at), lt(notifications.createdAt, new Date(at.getTime() + 1))));
    },

    unread: (userId: number): Promise<number> => countUnread(db, userId),

    /** Marks the user's unread notifications read (these ids, or all); returns how many changed. */
    async markRead(tx: Pick<Executor, 'update'>, userId: number, ids: string[] | undefined): Promise<number> {
      const read = await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined))
        .returning({ id: notifications.id });
      return read.length;
    },

    /** The user named `username` (any case) who shares a team with `userId`, never `userId` itself. */
    async teammateNamed(tenantId: string, userId: number, username: string): Promise<{ id: number } | undefined> {
      const mine = aliasedTable(channelMembers, 'mine');
      const [row] = await db
        .selectDistinct({ id: users.id })
        .from(users)
        .innerJoin(channelMembers, eq(channelMembers.userId, users.id))
        .innerJoin(mine, and(eq(mine.channelId, channelMembers.channelId), eq(mine.userId, userId)))
        .where(and(eq(users.tenantId, tenantId), sql`lower(${users.username}) = ${username.toLowerCase()}`))
        .limit(1);
      return row;
    },

    async setEmailSwitch(userId: number, email: boolean): Promise<boolean> {
      const [row] = await db.update(users).set({ notificationEmail: email }).where(eq(users.id, userId)).returning({ id: users.id });
      return !!row;
    },
  };
}

/** The digest's reads and writes, in the job's transaction (the user row locked: one digest at a time per user). */
export function digestQueries(tx: Executor) {
  return {
    /** The user to mail (locked to the commit), with where their mail goes and when the next one may. */
    async lockRecipient(userId: number, delaySec: number) {
      const [row] = await tx
        .select({
          tenantId: users.tenantId,
          username: users.username,
          name: users.firstname,
          email: sql<string | null>`coalesce(${users.email}, ${identityUsers.email})`,
          enabled: users.notificationEmail,
          // The oldest notification not yet mailed and still unread comes due after the delay, and the
          // window since the last e-mail must have passed: the database's clock decides both.
          dueInMs: sql<number | null>`(
            SELECT ceil(extract(epoch FROM greatest(min(n.created_at), ${users.notificationsMailedAt}) + make_interval(secs => ${delaySec}) - now()) * 1000)::float8
              FROM ${notifications} n WHERE n.user_id = ${users.id} AND n.read_at IS NULL AND n.mailed_at IS NULL
            HAVING count(*) > 0)`,
        })
        .from(users)
        .leftJoin(identityUsers, eq(identityUsers.id, users.identityUserId))
        .where(eq(users.id, userId))
        .for('update', { of: users });
      return row;
    },

    /** Everything unread and not mailed yet, newest first; marked mailed in the same statement. */
    async takeUnmailed(userId: number) {
      const taken = await tx
        .update(notifications)
        .set({ mailedAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), isNull(notifications.mailedAt)))
        .returning({
          id: notifications.id,
          message: notifications.message,
          messageId: notifications.messageId,
          action: notifications.action,
          publisherUserId: notifications.publisherUserId,
          createdAt: notifications.createdAt,
        });
      const ids = [...new Set(taken.map((n) => n.publisherUserId).filter((id): id is number => id !== null))];
      const names = ids.length ? await tx.select({ id: users.id, username: users.username, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
      const byId = new Map(names.map((u) => [u.id, u]));
      return taken
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map((n) => ({ message: n.message, messageId: n.messageId, action: n.action, publisher: n.publisherUserId === null ? null : (byId.get(n.publisherUserId) ?? null) }));
    },

    unread: (userId: number): Promise<number> => countUnread(tx, userId),

    async markMailed(userId: number): Promise<void> {
      await tx.update(users).set({ notificationsMailedAt: sql`now()` }).where(eq(users.id, userId));
    },
  };
}
