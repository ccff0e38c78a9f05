import type { z } from 'zod';
import { cutClipJob } from './cut-clip';
import { exportReelJob } from './export-reel';
import { finishLiveClipJob } from './finish-live-clip';
import { jobReaperJob } from './job-reaper';
import { previewRetirementJob } from './preview-retirement';
import { rateLimitSweepJob } from './rate-limit-sweep';
import { signingKeyRotationJob } from './signing-key-rotation';
import { storageCleanupJob } from './storage-cleanup';
import { transcodeReaperJob } from './transcode-reaper';
import { transcodeVideoJob } from './transcode-video';
import { uploadSweepJob } from './upload-sweep';

/**
 * Every job type the platform runs. The key is the pg-boss queue name, stored with every queued job (so
 * it never changes: a job queued before an upgrade must still find its handler); the definition of
 * `cut-clip` is `cutClipJob` in `jobs/cut-clip.ts`, and so on for each.
 */
export const jobRegistry = {
  'storage-cleanup': storageCleanupJob,
  'transcode-video': transcodeVideoJob,
  'transcode-reaper': transcodeReaperJob,
  'job-reaper': jobReaperJob,
  'upload-sweep': uploadSweepJob,
  'preview-retirement': previewRetirementJob,
  'rate-limit-sweep': rateLimitSweepJob,
  'signing-key-rotation': signingKeyRotationJob,
  'cut-clip': cutClipJob,
  'export-reel': exportReelJob,
  'finish-live-clip': finishLiveClipJob,
};

export type JobName = keyof typeof jobRegistry;
export type JobPayload<N extends JobName> = z.input<(typeof jobRegistry)[N]['payload']>;
