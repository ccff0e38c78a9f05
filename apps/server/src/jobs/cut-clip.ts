import { z } from 'zod';
import { cutStoredClip } from '../modules/clips/clip-cutter';
import { defineJob } from './define-job';

/**
 * A clip's own MP4 and poster (modules/clips/clip-cutter.ts): seconds of work for a clip of at most
 * 180 s, so no heartbeat. A worker that dies leaves the job active until its time limit, after
 * which pg-boss retries it like any failure (with backoff).
 */
export const cutClipJob = defineJob({
  payload: z.object({ clipId: z.string().uuid() }),
  queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
  handle: ({ clipId }, ctx) => cutStoredClip(clipId, ctx),
});
