import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { retryDeadJob } from './dead-job';
import type { JobContext } from '../job-context';

// pg_try_advisory_lock key: one reaper pass at a time across all worker processes.
const REAPER_LOCK = 727_003;

export interface JobHeartbeat {
  /** Stops beating and removes the heartbeat (unless a newer run of the job owns it). */
  stop(): Promise<void>;
}

/**
 * Beats for one run of a job (`job_heartbeats`) every `intervalMs` until stopped, so that a run
 * whose worker died (kill -9, a lost machine) is found by the job reaper within the staleness
 * bound rather than at the job's expiry. A failed write is logged; the next beat tries again.
 */
export async function startJobHeartbeat(db: Db, queue: string, jobId: string, intervalMs: number, log: Logger): Promise<JobHeartbeat> {
  const attempt = randomUUID();
  await db.$client.query(
    `INSERT INTO job_heartbeats (job_id, queue, attempt) VALUES ($1, $2, $3)
     ON CONFLICT (job_id) DO UPDATE SET queue = excluded.queue, attempt = excluded.attempt, beat_at = now()`,
    [jobId, queue, attempt],
  );
  let writing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    writing = db.$client
      .query(`UPDATE job_heartbeats SET beat_at = now() WHERE job_id = $1 AND attempt = $2`, [jobId, attempt])
      .catch((err: unknown) => log.warn({ err }, 'could not write the job heartbeat'));
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await writing;
      await db.$client
        .query(`DELETE FROM job_heartbeats WHERE job_id = $1 AND attempt = $2`, [jobId, attempt])
        .catch((err: unknown) => log.warn({ err }, 'could not remove the job heartbeat'));
    },
  };
}

/**
 * Retries (now) the jobs whose heartbeat went stale, and forgets heartbeats of jobs that will not
 * run again. Safe with several workers: one pass at a time (advisory lock).
 */
export async function reapDeadJobs(ctx: Pick<JobContext, 'db' | 'queue' | 'log'>, staleAfterSec: number): Promise<{ retried: string[]; abandoned: string[] }> {
  const { db, queue, log } = ctx;
  const result = { retried: [] as string[], abandoned: [] as string[] };
  const client = await db.$client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [REAPER_LOCK]);
    if (!rows[0]?.locked) return result;
    try {
      const stale = await client.query<{ jobId: string; queue: string; attempt: string; at: Date; ageSec: number }>(
        `SELECT job_id AS "jobId", queue, attempt, beat_at AS at, extract(epoch FROM now() - beat_at)::float8 AS "ageSec"
         FROM job_heartbeats WHERE beat_at < now() - make_interval(secs => $1) ORDER BY beat_at LIMIT 100`,
        [staleAfterSec],
      );
      for (const beat of stale.rows) {
        const outcome = await retryDeadJob(queue, beat.queue, beat.jobId, beat, staleAfterSec);
        if (outcome === 'waiting') continue;
        // A retried job's next run writes its own heartbeat.
        await client.query(`DELETE FROM job_heartbeats WHERE job_id = $1 AND attempt = $2`, [beat.jobId, beat.attempt]);
        result[outcome].push(`${beat.queue}/${beat.jobId}`);
        if (outcome === 'retried') log.warn({ job: beat.queue, jobId: beat.jobId, heartbeatAgeSec: beat.ageSec }, 'retrying a job whose worker died');
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [REAPER_LOCK]);
    }
  } finally {
    client.release();
  }
  return result;
}
