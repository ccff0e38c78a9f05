import { EMPTY_MESSAGE } from '@app/contracts/clips';
import { BAD_ACTION, BAD_UNSUBSCRIBE_LINK, isAppPath, UNKNOWN_RECIPIENT, type NotificationPage, type UserMessageBody } from '@app/contracts/talk';
import type { Caller } from '../../caller';
import { capabilityLink, unknownLink } from '../../capability-links';
import type { Db } from '../../db/client';
import { msPage } from '../../db/ms-page';
import { AppError } from '../../errors';
import { isUuid } from '../../uuid';
import type { UsersService } from '../users/users.service';
import type { NotificationRow, NotificationsRepo } from './notifications.repo';
import { notificationText } from './notification-text';
import { notify, recordUnread, withdrawNotifications } from './notify';
import { unsubscribeLinks } from './unsubscribe-token';

const toNotification = (row: NotificationRow) => ({
  _id: row.id,
  type: row.type,
  message: notificationText(row, row.publisher === null ? null : { username: row.publisher, name: row.publisherName }),
  action: row.action,
  publisher: row.publisher,
  timestamp: row.createdAt.getTime(),
  read: row.readAt !== null,
});

/**
 * Every way a user is told: `notify` (what other modules call, in their cause's transaction), the
 * bell (the signed-in user's notifications: every read is the caller's own rows), a direct
 * notification to a teammate, the e-mail switch and the digest's one-click unsubscribe.
 */
export function createNotificationsService({ db, repo, users }: { db: Db; repo: NotificationsRepo; users: Pick<UsersService, 'find' | 'requireRegistered'> }) {
  const unsubscribeLink = capabilityLink(db, async (token) => {
    const userId = (await unsubscribeLinks(db)).userOf(token);
    return userId === null ? null : { userId };
  });

  return {
    /** Tells users something in the cause's transaction (notify.ts): the bell, its updates and the e-mail digest. */
    notify,

    /** Before messages are deleted, in their transaction: the notifications they caused go. */
    withdraw: withdrawNotifications,

    /** `GET /api/user/notifications`: newest first, paged by the last item's time, with the unread count. */
    async list(caller: Caller, query: { limit: number; timestamp?: number | undefined }): Promise<NotificationPage> {
      const user = await users.find(caller);
      if (!user) return { items: [], next: null, unread: 0 };
      const { rows, next } = await msPage(query.limit, query.timestamp, {
        page: (options) => repo.page(user.id, options),
        inMillisecond: (at) => repo.inMillisecond(user.id, at),
        at: (row) => row.createdAt,
      });
      return { items: rows.map(toNotification), next, unread: await repo.unread(user.id) };
    },

    /**
     * `POST /api/user/notifications/read`: these ids (others' and unknown ones are ignored), or all.
     * A change is announced with the new count to the user's open pages; no change announces nothing.
     */
    async read(caller: Caller, ids: string[] | undefined): Promise<{ unread: number }> {
      const user = await users.find(caller);
      if (!user) return { unread: 0 };
      const wanted = ids?.filter(isUuid);
      if (wanted?.length === 0) return { unread: await repo.unread(user.id) };
      const unread = await db.transaction(async (tx) => ((await repo.markRead(tx, user.id, wanted)) > 0 ? recordUnread(tx, caller.tenantId, user.id) : null));
      return { unread: unread ?? (await repo.unread(user.id)) };
    },

    /** `POST /api/user/messages`: a direct notification to one teammate; anyone else is the same 404 as a name nobody has. */
    async notifyTeammate(caller: Caller, body: UserMessageBody): Promise<{ _id: string }> {
      const user = await users.requireRegistered(caller);
      const message = body.message.trim();
      if (!message) throw new AppError('VALIDATION_FAILED', EMPTY_MESSAGE);
      const action = body.action?.trim() || null;
      if (action !== null && !isAppPath(action)) throw new AppError('VALIDATION_FAILED', BAD_ACTION);
      const recipient = await repo.teammateNamed(caller.tenantId, user.id, body.recipient.trim());
      if (!recipient || recipient.id === user.id) throw new AppError('NOT_FOUND', UNKNOWN_RECIPIENT);
      const [id] = await db.transaction((tx) => notify(tx, [recipient.id], 'direct', { tenantId: caller.tenantId, publisherUserId: user.id, message, action }));
      return { _id: id! };
    },

    /** The default (on) before the caller's record exists: /settings asks for it beside the request that creates it. */
    async settings(caller: Caller): Promise<{ email: boolean }> {
      const user = await users.find(caller);
      return { email: user?.notificationEmail ?? true };
    },

    async updateSettings(caller: Caller, settings: { email: boolean }): Promise<{ email: boolean }> {
      const user = await users.requireRegistered(caller);
      await repo.setEmailSwitch(user.id, settings.email);
      return { email: settings.email };
    },

    /** `POST /api/unsubscribe/{token}` (no sign-in, on the host of the user's tenant): switches the signed user's e-mail off; again is the same. */
    async unsubscribe(hostTenantId: string, token: string): Promise<{ email: boolean }> {
      const link = await unsubscribeLink(hostTenantId, token);
      if (!link || !(await repo.setEmailSwitch(link.userId, false))) throw unknownLink(BAD_UNSUBSCRIBE_LINK);
      return { email: false };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
