import type { JobControl } from '../job-context';

/** The last heartbeat of a job's run, by the database's clock. */
export interface Heartbeat {
  at: Date;
  ageSec: number;
}

/** waiting: queued, or a new run is starting. retried: handed back for a retry now. abandoned: nothing will run it again. */
export type DeadJobOutcome = 'waiting' | 'retried' | 'abandoned';

/**
 * The job's current run started after the last heartbeat, and less than `staleAfterSec` ago: a retry
 * (or another worker's reaper pass) already handed the job to a new run, which has not beaten yet.
 * Failing it again would waste that run and a retry. Both times are the database's, so the clocks
 * of the nodes do not matter.
 */
function newAttemptStarting(startedOn: Date | null, beat: Heartbeat, staleAfterSec: number): boolean {
  if (!startedOn || startedOn <= beat.at) return false;
  const startedAgeSec = beat.ageSec - (startedOn.getTime() - beat.at.getTime()) / 1000;
  return startedAgeSec < staleAfterSec;
}

/**
 * pg-boss only notices a dead worker's `active` job at its expiry (minutes to hours). A job whose
 * heartbeat is stale lost its worker: fail it through pg-boss, which retries it now (a crash is no
 * reason to back off), or, after its last retry, fails it for good. Only an `active` job is failed,
 * so a queued retry or a run that just started is left alone.
 */
export async function retryDeadJob(
  queue: JobControl,
  name: string,
  jobId: string | null,
  beat: Heartbeat,
  staleAfterSec: number,
): Promise<DeadJobOutcome> {
  const job = jobId ? await queue.get(name, jobId) : null;
  if (job && (job.state === 'created' || job.state === 'retry')) return 'waiting';
  if (job?.state !== 'active') return 'abandoned'; // gone, failed for good or finished
  if (newAttemptStarting(job.startedOn, beat, staleAfterSec)) return 'waiting';
  const message = `worker stopped reporting: no heartbeat for ${Math.round(beat.ageSec)} s`;
  await queue.fail(name, jobId!, { message }, { retryNow: true });
  const after = await queue.get(name, jobId!);
  return after?.state === 'failed' ? 'abandoned' : 'retried';
}
