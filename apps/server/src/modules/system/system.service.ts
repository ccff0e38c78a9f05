import { sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';

/** Returns why the node is unhealthy, or undefined when the database answers and the job queue runs. */
export async function checkHealth(runtime: Pick<Runtime, 'db' | 'jobs'>): Promise<string | undefined> {
  try {
    await runtime.db.execute(sql`SELECT 1`);
  } catch {
    return 'The database is not reachable.';
  }
  if (!runtime.jobs.isRunning()) return 'The job queue is not running.';
  return undefined;
}
