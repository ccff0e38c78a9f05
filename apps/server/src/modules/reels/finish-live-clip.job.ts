import { z } from 'zod';
import { createLiveClipFinish } from '../clips/clips.module';
import { defineJob } from '../../jobs/define-job';
import { buildClipReels } from './reels.module';

/**
 * Defined here, not in clips, because it wires the clips module's cut to this module's clip reels (reels
 * read clips, never the other way round).
 *
 * The second cut of a live clip pressed at the live edge (modules/clips/live-clips.service.ts): sent to
 * start when the seconds after the moment should be stored; it retries each second while they are not
 * (a segment closes at the encoder's next keyframe), and its last attempt keeps what exists.
 */
export const finishLiveClipJob = defineJob({
  payload: z.object({ clipId: z.string().uuid() }),
  queue: { retryLimit: 20, retryDelay: 1, retryBackoff: false, expireInSeconds: 120 },
  concurrency: 2,
  deps: (shared) => ({ finish: createLiveClipFinish(shared.db, buildClipReels(shared)) }),
  handle: ({ clipId }, ctx, { finish }) => finish(clipId, ctx),
});
