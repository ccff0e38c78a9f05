import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { scheduleMail } from './schedule.module';

/** Queued with a new, changed or cancelled item (in its transaction): one e-mail to each member. */
export const scheduleMailJob = defineJob({
  payload: z.object({ itemId: z.string().uuid(), change: z.enum(['new', 'changed', 'cancelled']), repeat: z.string().max(200).optional() }),
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
  async handle(data, ctx) {
    await scheduleMail(ctx).announce(data.itemId, data.change, data.repeat);
  },
});
