import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenants } from '../../db/schema';

/** Queries on the `tenants` table. */
export function createTenantsRepo(db: Db) {
  return {
    /** Adds the tenant unless it exists (configured tenants are made at start). */
    async ensure(id: string): Promise<void> {
      await db.insert(tenants).values({ id }).onConflictDoNothing();
    },

    byId: (id: string) =>
      db
        .select()
        .from(tenants)
        .where(eq(tenants.id, id))
        .then((rows) => rows[0]),
  };
}
export type TenantsRepo = ReturnType<typeof createTenantsRepo>;
