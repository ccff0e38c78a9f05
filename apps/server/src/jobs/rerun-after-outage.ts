import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { untilDatabaseAnswers } from '../db/database-wait';
import type { Db } from '../db/client';

/** Enough for a few outages in one run; past that, pg-boss's own retries (with back-off) take over. */
const MAX_RUNS = 4;

/**
 * Runs a job's handler, and runs it again as soon as the database is back when the database went away
 * under it (a restart of the embedded PostgreSQL takes a second). Otherwise the job would wait for
 * pg-boss's retry delay, and the failure often cannot even be recorded while the database is down.
 * Handlers are retry-safe already (pg-boss retries them), so running one again is safe.
 */
export async function rerunAfterOutage(run: () => Promise<void>, db: Db, signal: AbortSignal, log: Logger): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= MAX_RUNS || signal.aborted || !isDatabaseUnavailable(err)) throw err;
      log.warn({ err: (err as Error).message }, 'the database went away under the job; it runs again once the database is back');
      await untilDatabaseAnswers(() => db.$client.query('SELECT 1'), { signal });
    }
  }
}
