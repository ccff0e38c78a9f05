import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { scheduleMail } from './schedule.module';

/** Queued for SCHEDULE_REMINDER_HOURS before an item's start whenever it is created or moved. */
export const scheduleReminderJob = defineJob({
  payload: z.object({ itemId: z.string().uuid(), startsAtMs: z.number().int() }),
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
  async handle(data, ctx) {
    await scheduleMail(ctx).remind(data.itemId, data.startsAtMs);
  },
});
