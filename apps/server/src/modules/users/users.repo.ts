import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type ProductUserRow = typeof users.$inferSelect;
export type NewProductUser = typeof users.$inferInsert;

/** Queries on the product `users` table. Every lookup is scoped to one tenant. */
export function createProductUsersRepo(db: Db) {
  const first = (rows: ProductUserRow[]) => rows[0];
  // Most signed-in requests start here: built once, a named statement each connection parses once.
  const byIdentity = db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, sql.placeholder('tenantId')), eq(users.identityUserId, sql.placeholder('identityUserId'))))
    .prepare('users_by_identity');
  return {
    byIdentity: (tenantId: string, identityUserId: number) => byIdentity.execute({ tenantId, identityUserId }).then(first),

    /** The identity account id is unique across tenants (the Stripe client reference). */
    byIdentityAccount: (identityUserId: number) => db.select().from(users).where(eq(users.identityUserId, identityUserId)).limit(1).then(first),
    byId: (tenantId: string, id: number) => db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))).then(first),

    byUsername: (tenantId: string, username: string) =>
      db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), sql`lower(${users.username}) = lower(${username.trim()})`))
        .then(first),

    async insert(values: NewProductUser): Promise<ProductUserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async update(tenantId: string, id: number, values: Partial<NewProductUser>): Promise<ProductUserRow> {
      const [row] = await db
        .update(users)
        .set(values)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
        .returning();
      return row!;
    },
  };
}
export type ProductUsersRepo = ReturnType<typeof createProductUsersRepo>;
