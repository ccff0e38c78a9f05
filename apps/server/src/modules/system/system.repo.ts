import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The database as the health check sees it: no table, only whether it answers. */
export function createSystemRepo(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`SELECT 1`);
    },
  };
}
export type SystemRepo = ReturnType<typeof createSystemRepo>;
