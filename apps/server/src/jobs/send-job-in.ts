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
 * Sends a job in the writer's transaction (a drizzle transaction or the pool): it exists exactly when
 * the rows written beside it do. For writers that hold only a transaction, not the job queue: pg-boss's
 * own `send` runs through the transaction (its documented `db` option) on an instance that is never
 * started, so the queue's policy, singleton keys and defaults apply as for any other send. The workers
 * poll each second, so no wake-up is needed. Returns null when a singleton key dropped it.
 */
export async function sendJobIn<N extends JobName>(tx: Pick<Executor, 'execute'>, name: N, data: JobPayload<N>, options: Omit<PgBoss.SendOptions, 'db'> = {}): Promise<string | null> {
  const db: PgBoss.Db = { executeSql: async (text, values) => ({ rows: (await tx.execute(bound(text, values))).rows }) };
  return new PgBoss({ db }).send(name, data as object, { ...options, db });
}
