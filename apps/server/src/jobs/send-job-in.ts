import { param, sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Executor } from '../db/job-transaction';
import type { JobName, JobPayload } from '../job-registry';

/** pg-boss's `$1`-style statement as drizzle SQL with bound parameters, so it runs on the writer's connection. */
function bound(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${param(values[Number(part) - 1] ?? null)}`)));
}

/**
 * Queues a job in the writer's transaction (a drizzle transaction or the pool): it exists exactly when
 * the rows written beside it do. For writers that hold a transaction but not the job queue. pg-boss's
 * own `insert` runs through the transaction (its documented `db` option) on an instance that is never
 * started, so the queue's policy (singleton keys) and defaults apply as for any other job; its statement
 * names each parameter once, which the translation to drizzle's positional parameters needs. The
 * workers poll each second, so no wake-up is needed. `startAfter`: seconds from now, or a time.
 */
export async function sendJobIn<N extends JobName>(
  tx: Pick<Executor, 'execute'>,
  name: N,
  data: JobPayload<N>,
  options: { singletonKey?: string; startAfter?: number | Date } = {},
): Promise<void> {
  const db: PgBoss.Db = { executeSql: async (text, values) => ({ rows: (await tx.execute(bound(text, values))).rows }) };
  const startAfter = typeof options.startAfter === 'number' ? `${options.startAfter} seconds` : options.startAfter?.toISOString();
  await new PgBoss({ db }).insert([{ name, data: data as object, singletonKey: options.singletonKey, startAfter }], { db });
}
