import type { JobContext } from '../../../job-context';
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
 * pg-boss only notices a dead worker's `active` job at its expiry (hours for a transcode). A live
 * attempt writes its heartbeat every few seconds, so a processing video whose heartbeat is older
 * than TRANSCODE_STALE_SECONDS lost its worker: fail its job through pg-boss, which retries it now
 * (a crash is no reason to back off), or, after the last retry, mark the video failed. Safe with
 * several workers: one pass at a time (advisory lock), a job is only failed while `active`, and a
 * video only marked failed while its heartbeat is still stale.
 */
/**
 * The job's current run started after the video's last heartbeat, and less than `staleAfterSec` ago:
 * a retry (or another worker's pass of this reaper) already handed the job to a new attempt, which
 * has not claimed the video yet. Failing it again would waste that attempt and a retry. Both times
 * are the database's, so the clocks of the nodes do not matter.
 */
function newAttemptStarting(startedOn: Date | null, video: repo.StaleVideo, staleAfterSec: number): boolean {
  if (!startedOn || startedOn <= video.heartbeatAt) return false;
  const startedAgeSec = video.heartbeatAgeSec - (startedOn.getTime() - video.heartbeatAt.getTime()) / 1000;
  return startedAgeSec < staleAfterSec;
}

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
        const job = video.jobId ? await queue.get(TRANSCODE_JOB, video.jobId) : null;
        if (job && (job.state === 'created' || job.state === 'retry')) continue; // queued to run again
        if (job?.state === 'active' && newAttemptStarting(job.startedOn, video, staleAfterSec)) continue;
        if (job?.state === 'active') {
          const message = `worker stopped reporting: no heartbeat for ${Math.round(video.heartbeatAgeSec)} s`;
          await queue.fail(TRANSCODE_JOB, video.jobId!, { message }, { retryNow: true });
          const after = await queue.get(TRANSCODE_JOB, video.jobId!);
          if (after?.state !== 'failed') {
            log.warn({ videoId: video.id, transcodeJobId: video.jobId, heartbeatAgeSec: video.heartbeatAgeSec }, 'retrying a transcode whose worker died');
            result.retried.push(video.id);
            continue;
          }
        }
        // The job is gone, failed for good or finished without the video: nothing will run it again.
        const failed = await repo.markStaleFailed(db, { videoId: video.id, attemptId: video.attemptId, staleAfterSec }, GENERIC_FAILURE);
        if (!failed) continue;
        log.warn({ videoId: video.id, transcodeJobId: video.jobId, jobState: job?.state ?? 'gone' }, 'transcode abandoned: marked the video failed');
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
