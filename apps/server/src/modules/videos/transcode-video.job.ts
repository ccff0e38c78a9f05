import { z } from 'zod';
import { transcodeStoredVideo } from './transcode/transcode.service';
import { defineJob } from '../../jobs/define-job';

/**
 * Probe, fast first play, renditions, poster and storyboard of one uploaded video
 * (modules/videos/transcode). A bad input completes the job with the video `failed`; other errors
 * are retried with backoff (60-120 s, then doubling: about half an hour of outage is absorbed),
 * and the last retry marks the video failed. A job whose worker dies is retried at once by the
 * transcode-reaper. The time limit fits a two-hour 1080p60 game on two cores with room to spare;
 * ffmpeg is killed when it is reached (or when it makes no progress for 10 minutes).
 */
export const transcodeVideoJob = defineJob({
  payload: z.object({ videoId: z.string().uuid() }),
  queue: { retryLimit: 4, retryDelay: 60, retryBackoff: true, expireInSeconds: 12 * 60 * 60 },
  concurrency: (config) => config.transcode.concurrency,
  handle: ({ videoId }, ctx) => transcodeStoredVideo(videoId, ctx),
});
