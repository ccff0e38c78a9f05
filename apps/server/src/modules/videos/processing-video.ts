import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/job-transaction';
import type { NewVideo, VideoRow, VideosRepo } from './videos.repo';
import { sendJobIn } from '../../jobs/job-queue';

/**
 * What the videos module needs of the job queue (the runtime's JobQueue fits it). Declared here so
 * the module does not depend on the queue, whose job registry depends on the module's jobs.
 */
export interface TranscodeQueue {
  /** Idle workers look at once (after the commit of a transaction that sent a job). */
  wake(name: 'transcode-video'): void;
}

/**
 * Inserts a `processing` video and its `transcode-video` job through the same transaction
 * (`withJobTransaction`): both exist after the commit or neither does, so no video waits for a
 * job that was never sent and no job looks for a video that was rolled back. The job id is chosen
 * here and stored on the row, so the reaper and the row agree on it from the start.
 */
export async function insertProcessingVideo(
  deps: { repo: VideosRepo },
  tx: Executor,
  values: Omit<NewVideo, 'status' | 'jobId' | 'progress'> & { id: string },
): Promise<VideoRow> {
  const jobId = randomUUID();
  const row = await deps.repo.insert(tx, { ...values, status: 'processing', progress: 0, jobId });
  const sent = await sendJobIn(tx, 'transcode-video', { videoId: values.id }, { id: jobId });
  if (sent !== jobId) throw new Error(`transcode-video job for ${values.id} was not created`);
  return row;
}
