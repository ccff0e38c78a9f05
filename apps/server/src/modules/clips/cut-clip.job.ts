import { z } from 'zod';
import { cutStoredClip } from './clip-cutter';
import { createClipsRepo } from './clips.repo';
import { defineJob } from '../../jobs/define-job';

/**
 * A clip's own MP4 and poster (modules/clips/clip-cutter.ts). A run whose worker dies is retried
 * once its heartbeat is stale (job-reaper.ts), not at the time limit.
 */
export const cutClipJob = defineJob({
  payload: z.object({ clipId: z.string().uuid() }),
  queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
  heartbeat: true,
  deps: ({ db }) => ({ repo: createClipsRepo(db) }),
  handle: ({ clipId }, ctx, { repo }) => cutStoredClip(clipId, ctx, repo),
});
