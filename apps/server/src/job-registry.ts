import { cutClipJob } from './modules/clips/cut-clip.job';
import { exportReelJob } from './modules/reels/export-reel.job';
import { finishLiveClipJob } from './modules/reels/finish-live-clip.job';
import { jobReaperJob } from './jobs/job-reaper';
import { processImageJob } from './modules/images/process-image.job';
import { pruneUpdatesJob } from './modules/updates/prune-updates.job';
import { notificationMailJob } from './modules/notifications/notification-mail.job';
import { scheduleMailJob } from './modules/schedule/schedule-mail.job';
import { scheduleReminderJob } from './modules/schedule/schedule-reminder.job';
import { previewRetirementJob } from './modules/videos/preview-retirement.job';
import { rateLimitSweepJob } from './jobs/rate-limit-sweep';
import { signingKeyRotationJob } from './modules/identity/signing-key-rotation.job';
import { storageCleanupJob } from './jobs/storage-cleanup';
import { transcodeReaperJob } from './modules/videos/transcode-reaper.job';
import { transcodeVideoJob } from './modules/videos/transcode-video.job';
import { uploadSweepJob } from './modules/videos/upload-sweep.job';

/**
 * Every job type the platform runs. The key is the pg-boss queue name, stored with every queued job (so
 * it never changes: a job queued before an upgrade must still find its handler); the definition of
 * `cut-clip` is `cutClipJob` in its module's `cut-clip.job.ts`, and so on for each. The job machinery
 * (`jobs/`) is generic; each module defines its own jobs, and this composition root lists them and
 * hands the list to the queue (runtime.ts).
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
  'process-image': processImageJob,
  'prune-updates': pruneUpdatesJob,
  'notification-mail': notificationMailJob,
  'schedule-mail': scheduleMailJob,
  'schedule-reminder': scheduleReminderJob,
};

// The queue (jobs/) types its names and payloads by this registry without importing it.
declare module './jobs/job-queue' {
  interface RegisteredJobs {
    registry: typeof jobRegistry;
  }
}
