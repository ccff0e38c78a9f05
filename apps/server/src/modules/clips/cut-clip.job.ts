import { z } from 'zod';
import { cutStoredClip } from '../clips/clip-cutter';
import { defineJob } from '../../jobs/define-job';

/**
 * A clip's own MP4 and poster (modules/clips/clip-cutter.ts). A run whose worker dies is retried
 * once its heartbeat is stale (job-reaper.ts), not at the time limit.
 */
export const cutClipJob = defineJob({
  payload: z.object({ clipId: z.string().uuid() }),
  queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
  heartbeat: true,
  handle: ({ clipId }, ctx) => cutStoredClip(clipId, ctx),
});
