import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { mailDigest } from './notification-digest';

/**
 * Queued by every notification (in its transaction): e-mails what is still unread once it is due.
 * 'short': while one job of a user waits, notifications sent meanwhile add none (one e-mail per window).
 */
export const notificationMailJob = defineJob({
  payload: z.object({ userId: z.number().int().positive() }),
  queue: { policy: 'short', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  async handle(data, ctx) {
    await mailDigest(data.userId, ctx);
  },
});
