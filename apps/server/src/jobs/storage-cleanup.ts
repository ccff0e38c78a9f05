import { z } from 'zod';
import { defineJob } from './define-job';

/** Interrupted uploads leave partial temp files behind; sweep the ones nobody can still be writing. */
export const storageCleanupJob = defineJob({
  payload: z.object({ olderThanMinutes: z.number().int().positive().max(60 * 24 * 7) }),
  queue: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  schedule: { cron: '17 * * * *', data: { olderThanMinutes: 24 * 60 } },
  async handle({ olderThanMinutes }, { storage, log }) {
    if (!storage.cleanupTemp) return;
    const removed = await storage.cleanupTemp(olderThanMinutes * 60_000);
    if (removed > 0) log.info({ removed }, 'removed stale temporary upload files');
  },
});
