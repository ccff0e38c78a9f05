import { z } from 'zod';
import { exportStoredReel } from '../modules/clips/reel-exporter';
import { defineJob } from './define-job';

/**
 * A reel's MP4 (modules/clips/reel-exporter.ts). A reel of up to 200 clips of 180 s encodes for a
 * long time, hence the time limit; a worker that dies leaves the job active until it, after which
 * pg-boss retries it like any failure (with backoff).
 */
export const exportReel = defineJob({
  payload: z.object({ reelId: z.string().min(1).max(100) }),
  queue: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 4 * 60 * 60 },
  handle: ({ reelId }, ctx) => exportStoredReel(reelId, ctx),
});
