import { isAppPath } from '@app/contracts/talk';
import { tenantPublicUrl } from '../../config';
import { withJobTransaction } from '../../db/job-transaction';
import type { JobContext } from '../../job-context';
import { sendJobIn } from '../../jobs/job-queue';
import { notificationDigest } from './notification-digest-mail';
import { notificationText, publisherName } from './notification-text';
import { digestQueries } from './notifications.repo';
import { unsubscribeLinks } from './unsubscribe-token';

/** Where the bell's notifications are read (the e-mail's "see all"). */
const NOTIFICATIONS_PATH = '/home';

/** The digest job of one user: one queued at a time per user (the queue's policy keeps the first). */
export const digestJob = (userId: number) => ({ data: { userId }, options: { singletonKey: `user-${userId}` } });

/**
 * E-mails a user what is still unread, at most once per window. Runs after every notification: when
 * the oldest one not yet mailed is not due (younger than the delay, or the last e-mail was sent less
 * than the delay ago) it queues itself for that moment instead. Everything unread and not yet mailed
 * goes in one e-mail and is marked mailed; nothing is sent when all was read meanwhile, the user
 * switched e-mail off or has no address. The e-mail is sent before the commit: a failed send is
 * retried by the queue, a lost commit at worst mails twice.
 */
export async function mailDigest(userId: number, ctx: Pick<JobContext, 'db' | 'mail' | 'config' | 'log'>): Promise<void> {
  const delaySec = ctx.config.mail.notificationDelaySec;
  const links = await unsubscribeLinks(ctx.db);
  await withJobTransaction(ctx.db, async (tx) => {
    const q = digestQueries(tx);
    const user = await q.lockRecipient(userId, delaySec);
    if (!user || !user.enabled || !user.email || user.dueInMs === null) return;
    if (user.dueInMs > 0) {
      const job = digestJob(userId);
      await sendJobIn(tx, 'notification-mail', job.data, { ...job.options, startAfter: Math.ceil(user.dueInMs / 1000) });
      return;
    }
    const items = await q.takeUnmailed(userId);
    const unread = await q.unread(userId);
    await q.markMailed(userId);
    const base = tenantPublicUrl(ctx.config, user.tenantId);
    const token = links.token(userId);
    const notificationsUrl = `${base}${NOTIFICATIONS_PATH}`;
    const rendered = notificationDigest({
      name: user.name ?? undefined,
      items: items.map((n) => ({ publisher: publisherName(n.publisher), message: notificationText(n, n.publisher), url: n.action && isAppPath(n.action) ? `${base}${n.action}` : notificationsUrl })),
      unread,
      notificationsUrl,
      unsubscribeUrl: `${base}/unsubscribe/${token}`,
    });
    await ctx.mail.send(user.email, {
      template: 'notification-digest',
      ...rendered,
      // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to the https URL.
      headers: { 'List-Unsubscribe': `<${base}/api/unsubscribe/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    ctx.log.info({ userId, notifications: items.length }, 'notification digest sent');
  });
}
