import { z } from 'zod';
import { retirePreviews } from './transcode/preview-retirement';
import { defineJob } from '../../jobs/define-job';

/** Hourly: deletes fast first-play copies of videos that have been ready for a while (see preview-retirement). */
export const previewRetirementJob = defineJob({
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
  schedule: { cron: '17 * * * *', data: {} },
  async handle(_data, ctx) {
    const retired = await retirePreviews(ctx);
    if (retired > 0) ctx.log.info({ retired }, 'deleted first-play copies of ready videos');
  },
});
