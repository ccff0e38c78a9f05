import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Executor } from '../../db/job-transaction';
import type { NewVideo, VideoRow, VideosRepo } from './videos.repo';

/**
 * What the videos module needs of the job queue (the runtime's JobQueue fits it). Declared here so
 * the module does not depend on the queue, whose job registry depends on the module's jobs.
 */
export interface TranscodeQueue {
  send(name: 'transcode-video', data: { videoId: string }, options?: PgBoss.SendOptions): Promise<string | null>;
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
  deps: { repo: VideosRepo; jobs: Pick<TranscodeQueue, 'send'> },
  tx: Executor,
  jobDb: PgBoss.Db,
  values: Omit<NewVideo, 'status' | 'jobId' | 'progress'> & { id: string },
): Promise<VideoRow> {
  const jobId = randomUUID();
  const row = await deps.repo.insert(tx, { ...values, status: 'processing', progress: 0, jobId });
  const sent = await deps.jobs.send('transcode-video', { videoId: values.id }, { id: jobId, db: jobDb });
  if (sent !== jobId) throw new Error(`transcode-video job for ${values.id} was not created`);
  return row;
}
