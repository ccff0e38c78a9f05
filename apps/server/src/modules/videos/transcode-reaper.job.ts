import { z } from 'zod';
import { reapStaleTranscodes } from './transcode/reaper';
import { defineJob } from '../../jobs/define-job';

/** Every minute and whenever a worker starts: retry transcodes whose worker died (see reaper.ts). */
export const transcodeReaperJob = defineJob({
  payload: z.object({}),
  // stately: at most one queued and one running, however many workers start at once.
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 },
  schedule: { cron: '* * * * *', data: {}, runOnStart: true },
  async handle(_data, ctx) {
    const { retried, failed } = await reapStaleTranscodes(ctx);
    if (retried.length + failed.length > 0) ctx.log.info({ retried, failed }, 'reaped stale transcodes');
  },
});
