import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type PgBoss from 'pg-boss';
import type { Db } from './client';
import * as schema from './schema';

/** A transaction (or the pool) that the repos of every module write through. */
export type Executor = NodePgDatabase<typeof schema>;

/**
 * Runs `work` in one transaction and hands it a pg-boss executor on the same connection, so a job
 * sent inside exists exactly when the rows written beside it do (architecture: "inserts the row
 * and enqueues in the same transaction").
 */
export async function withJobTransaction<T>(db: Db, work: (tx: Executor, jobDb: PgBoss.Db) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    const tx = drizzle(client, { schema });
    const result = await work(tx, { executeSql: (text, values) => client.query(text, values) });
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
