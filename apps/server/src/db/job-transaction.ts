import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Db } from './client';
import * as schema from './schema';

/** A transaction (or the pool) that the repos of every module write through. */
export type Executor = NodePgDatabase<typeof schema>;

/**
 * Runs `work` in one transaction on one pooled connection; a job it queues (`sendJobIn(tx, ...)`)
 * exists exactly when the rows written beside it do.
 */
export async function withJobTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    const tx = drizzle(client, { schema });
    const result = await work(tx);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
