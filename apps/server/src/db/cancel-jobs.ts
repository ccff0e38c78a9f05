import { sql } from 'drizzle-orm';
import type { Executor } from './job-transaction';

/**
 * Cancels jobs that have not finished, in `tx` (pg-boss 10's own `cancel` statement; it has no API
 * that takes our transaction). An attempt already running finds its row gone when it is done.
 */
export async function cancelJobs(tx: Executor, name: string, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await tx.execute(
    sql`UPDATE pgboss.job SET completed_on = now(), state = 'cancelled' WHERE name = ${name} AND id IN (${sql.join(
      jobIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND state < 'completed'`,
  );
}
