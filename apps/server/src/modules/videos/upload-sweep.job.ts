import { z } from 'zod';
import { sweepAbandonedUploads } from './upload-sweep';
import { createUploadsRepo } from './uploads.repo';
import { defineJob } from '../../jobs/define-job';

/** Hourly: deletes the bytes and rows of uploads that were never completed (see upload-sweep in modules/videos). */
export const uploadSweepJob = defineJob({
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
  schedule: { cron: '41 * * * *', data: {} },
  deps: ({ db }) => ({ repo: createUploadsRepo(db) }),
  async handle(_data, ctx, { repo }) {
    const { removed, failed } = await sweepAbandonedUploads({ ...ctx, repo });
    if (removed + failed > 0) ctx.log.info({ removed, failed }, 'swept abandoned uploads');
  },
});
