import { z } from 'zod';
import { finishLiveClip } from '../clips/live-clips.service';
import { createClipReels } from './clip-reels';
import { defineJob } from '../../jobs/define-job';

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
  handle: ({ clipId }, ctx) => finishLiveClip(clipId, ctx, createClipReels(ctx)),
});
