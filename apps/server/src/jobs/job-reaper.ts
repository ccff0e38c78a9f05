import { z } from 'zod';
import { reapDeadJobs } from './job-heartbeat';
import { defineJob } from './define-job';

/**
 * Every minute and whenever a worker starts: retry jobs with a heartbeat (cut-clip, export-reel)
 * whose worker died, with the transcodes' staleness bound (TRANSCODE_STALE_SECONDS).
 */
export const jobReaperJob = defineJob({
  payload: z.object({}),
  // stately: at most one queued and one running, however many workers start at once.
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 },
  schedule: { cron: '* * * * *', data: {}, runOnStart: true },
  async handle(_data, ctx) {
    const { retried, abandoned } = await reapDeadJobs(ctx, ctx.config.transcode.staleAfterSec);
    if (retried.length + abandoned.length > 0) ctx.log.info({ retried, abandoned }, 'reaped jobs whose worker died');
  },
});
