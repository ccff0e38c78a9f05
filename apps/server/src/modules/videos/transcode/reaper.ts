import { retryDeadJob } from '../../../jobs/dead-job';
import type { JobContext } from '../../../job-context';
import { recordVideoStatus } from '../video-status-update';
import { GENERIC_FAILURE } from './failure-reasons';
import { deleteOutputsExcept, outputsPrefix } from './outputs';
import * as repo from './transcode.repo';

export const TRANSCODE_JOB = 'transcode-video';
// pg_try_advisory_lock key: one reaper pass at a time across all worker processes.
const REAPER_LOCK = 727_002;

export interface ReapResult {
  /** Videos whose dead job was handed back to pg-boss for an immediate retry. */
  retried: string[];
  /** Videos whose job cannot run again (its last attempt died): marked failed. */
  failed: string[];
}

/**
 * A live attempt writes its heartbeat on the video every few seconds, so a processing video whose
 * heartbeat is older than TRANSCODE_STALE_SECONDS lost its worker: its job is retried now through
 * pg-boss (retryDeadJob), or, after the last retry, the video is marked failed. Safe with several
 * workers: one pass at a time (advisory lock), and a video is only marked failed while its
 * heartbeat is still stale.
 */
export async function reapStaleTranscodes(ctx: Pick<JobContext, 'db' | 'storage' | 'config' | 'log' | 'queue'>): Promise<ReapResult> {
  const { db, storage, queue, log } = ctx;
  const staleAfterSec = ctx.config.transcode.staleAfterSec;
  const result: ReapResult = { retried: [], failed: [] };
  const client = await db.$client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [REAPER_LOCK]);
    if (!rows[0]?.locked) return result;
    try {
      for (const video of await repo.findStale(db, staleAfterSec)) {
        const beat = { at: video.heartbeatAt, ageSec: video.heartbeatAgeSec };
        const outcome = await retryDeadJob(queue, TRANSCODE_JOB, video.jobId, beat, staleAfterSec);
        if (outcome === 'waiting') continue;
        if (outcome === 'retried') {
          log.warn({ videoId: video.id, transcodeJobId: video.jobId, heartbeatAgeSec: video.heartbeatAgeSec }, 'retrying a transcode whose worker died');
          result.retried.push(video.id);
          continue;
        }
        // The job is gone, failed for good or finished without the video: nothing will run it again.
        const failed = await db.transaction(async (tx) => {
          const row = await repo.markStaleFailed(tx, { videoId: video.id, attemptId: video.attemptId, staleAfterSec }, GENERIC_FAILURE);
          if (row) await recordVideoStatus(tx, row);
          return row;
        });
        if (!failed) continue;
        log.warn({ videoId: video.id, transcodeJobId: video.jobId }, 'transcode abandoned: marked the video failed');
        result.failed.push(video.id);
        await deleteOutputsExcept(storage, outputsPrefix(failed.tenantId, failed.id), new Set([failed.sourceKey])).catch((err: unknown) =>
          log.warn({ err, videoId: video.id }, 'could not delete the outputs of an abandoned video'),
        );
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [REAPER_LOCK]);
    }
  } finally {
    client.release();
  }
  return result;
}
