import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'teamfilm' });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  return drizzle(pool, { schema }) as Db;
}
