import type { z } from 'zod';
import { cutClip } from './cut-clip';
import { exportReel } from './export-reel';
import { finishLiveClipJob } from './finish-live-clip';
import { jobReaper } from './job-reaper';
import { previewRetirement } from './preview-retirement';
import { rateLimitSweep } from './rate-limit-sweep';
import { signingKeyRotation } from './signing-key-rotation';
import { storageCleanup } from './storage-cleanup';
import { transcodeReaper } from './transcode-reaper';
import { transcodeVideo } from './transcode-video';
import { uploadSweep } from './upload-sweep';

/** Every job type the platform runs. The name is the pg-boss queue name. */
export const jobRegistry = {
  'storage-cleanup': storageCleanup,
  'transcode-video': transcodeVideo,
  'transcode-reaper': transcodeReaper,
  'job-reaper': jobReaper,
  'upload-sweep': uploadSweep,
  'preview-retirement': previewRetirement,
  'rate-limit-sweep': rateLimitSweep,
  'signing-key-rotation': signingKeyRotation,
  'cut-clip': cutClip,
  'export-reel': exportReel,
  'finish-live-clip': finishLiveClipJob,
};

export type JobName = keyof typeof jobRegistry;
export type JobPayload<N extends JobName> = z.input<(typeof jobRegistry)[N]['payload']>;
