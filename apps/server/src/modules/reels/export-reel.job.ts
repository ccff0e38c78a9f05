import { z } from 'zod';
import { CLIP_MAX_SEC, REEL_MAX_CHUNKS } from '@app/contracts/clips';
import { drawingsForExport } from '../drawings/drawings.module';
import { exportStoredReel, exportTimeLimitSec } from './reel-exporter';
import { createReelExportsRepo } from './reel-exports.repo';
import { createReelsRepo } from './reels.repo';
import { defineJob } from '../../jobs/define-job';

/**
 * A reel's MP4 (modules/reels/reel-exporter.ts). Each job is sent with a time limit sized to its
 * reel (exportTimeLimitSec); the queue's is for the longest reel. A run whose worker dies is
 * retried once its heartbeat is stale (job-reaper.ts), not at the time limit.
 */
export const exportReelJob = defineJob({
  payload: z.object({ reelId: z.string().min(1).max(100) }),
  queue: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: exportTimeLimitSec(REEL_MAX_CHUNKS * CLIP_MAX_SEC) },
  heartbeat: true,
  deps: ({ db }) => ({ repo: createReelsRepo(db), exportRows: createReelExportsRepo(db), drawings: drawingsForExport(db) }),
  handle: ({ reelId }, ctx, repos) => exportStoredReel(reelId, ctx, repos),
});
