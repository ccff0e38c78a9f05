import { z } from 'zod';
import { sweepRateLimitCounters } from '../plugins/rate-limit-store';
import { defineJob } from './define-job';

/** Every ten minutes: drops the rate-limit counters whose window has ended (one row per route and IP). */
export const rateLimitSweepJob = defineJob({
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  schedule: { cron: '*/10 * * * *', data: {} },
  async handle(_data, ctx) {
    const removed = await sweepRateLimitCounters(ctx.db);
    if (removed > 0) ctx.log.debug({ removed }, 'swept rate-limit counters');
  },
});
