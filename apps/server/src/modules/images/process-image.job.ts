import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { processStoredImage } from './image-processor';
import { createImagesRepo } from './images.repo';

/** A profile image's sizes (image-processor.ts); a 12 MP photo takes about a second. */
export const processImageJob = defineJob({
  payload: z.object({ imageId: z.string().uuid() }),
  queue: { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 },
  // Decoding is memory-bound (a 40 MP picture is 160 MB of pixels): one at a time per worker.
  concurrency: 1,
  deps: ({ db }) => ({ repo: createImagesRepo(db) }),
  handle: ({ imageId }, ctx, { repo }) => processStoredImage(imageId, ctx, repo),
});
