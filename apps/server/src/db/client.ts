import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'teamfilm' });
  // A client losing its connection (database restart) must not crash the process. The pool listens on idle
  // clients only; a checked-out one between two queries (inside a transaction) would emit an unheard 'error'.
  // Its query, or the next one, fails with the reason, so nothing is lost by listening here.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return drizzle(pool, { schema }) as Db;
}
