import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { createUpdatesRepo } from './updates.repo';

/** A stream may resume (`Last-Event-ID`) from any update of the last day; older ones get `resync`. */
const KEEP_UPDATES_MS = 24 * 60 * 60_000;

/** Hourly: deletes the team updates older than a day and records the highest id deleted. */
export const pruneUpdatesJob = defineJob({
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 10 * 60 },
  schedule: { cron: '23 * * * *', data: {} },
  deps: ({ db }) => ({ repo: createUpdatesRepo(db) }),
  async handle(_data, ctx, { repo }) {
    const removed = await repo.prune(KEEP_UPDATES_MS);
    if (removed > 0) ctx.log.info({ removed }, 'pruned team updates');
  },
});
