import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityUsers } from '../../db/schema';
import { normalizeEmail } from './normalize-email';

export type IdentityUser = typeof identityUsers.$inferSelect;
export type NewIdentityUser = typeof identityUsers.$inferInsert;


export function createIdentityUsersRepo(db: Db) {
  const byTenant = (tenantId: string) => eq(identityUsers.tenantId, tenantId);
  const first = (rows: IdentityUser[]) => rows[0];

  return {
    findById: (tenantId: string, id: number) => db.select().from(identityUsers).where(and(byTenant(tenantId), eq(identityUsers.id, id))).then(first),

    findByUuid: (tenantId: string, uuid: string) =>
      /^[0-9a-f-]{36}$/i.test(uuid)
        ? db.select().from(identityUsers).where(and(byTenant(tenantId), eq(identityUsers.uuid, uuid))).then(first)
        : Promise.resolve(undefined),

    findByEmail: (tenantId: string, email: string) =>
      db.select().from(identityUsers).where(and(byTenant(tenantId), eq(identityUsers.email, normalizeEmail(email)))).then(first),

    findByUsername: (tenantId: string, username: string) =>
      db
        .select()
        .from(identityUsers)
        .where(and(byTenant(tenantId), sql`lower(${identityUsers.username}) = lower(${username.trim()})`))
        .then(first),

    /** A phone number is not unique: the oldest account with it. */
    findByPhoneNumber: (tenantId: string, phoneNumber: string) =>
      db
        .select()
        .from(identityUsers)
        .where(and(byTenant(tenantId), eq(identityUsers.phoneNumber, phoneNumber)))
        .orderBy(identityUsers.id)
        .limit(1)
        .then(first),

    /** Up to two accounts with this phone number and TOTP on (a caller tells one from several). */
    findTotpUsersByPhoneNumber: (tenantId: string, phoneNumber: string) =>
      db
        .select()
        .from(identityUsers)
        .where(and(byTenant(tenantId), eq(identityUsers.phoneNumber, phoneNumber), isNotNull(identityUsers.totpEnabledAt)))
        .limit(2),

    async findByEmailOrUsername(tenantId: string, value: string) {
      return value.includes('@') ? this.findByEmail(tenantId, value) : this.findByUsername(tenantId, value);
    },

    async create(values: NewIdentityUser): Promise<IdentityUser> {
      const [row] = await db
        .insert(identityUsers)
        .values({ ...values, email: values.email ? normalizeEmail(values.email) : null })
        .returning();
      return row!;
    },

    async update(tenantId: string, id: number, values: Partial<NewIdentityUser>): Promise<IdentityUser> {
      const [row] = await db
        .update(identityUsers)
        .set({ ...values, updatedAt: new Date() })
        .where(and(byTenant(tenantId), eq(identityUsers.id, id)))
        .returning();
      return row!;
    },

    /** Counts a failed sign-in and locks the account for `lockMs` once `threshold` is reached. */
    async recordFailure(user: IdentityUser, threshold: number, lockMs: number): Promise<void> {
      await db
        .update(identityUsers)
        .set({
          failedSignIns: sql`${identityUsers.failedSignIns} + 1`,
          lockedUntil: sql`CASE WHEN ${identityUsers.failedSignIns} + 1 >= ${threshold} THEN now() + (${lockMs} * interval '1 millisecond') ELSE ${identityUsers.lockedUntil} END`,
        })
        .where(eq(identityUsers.id, user.id));
    },

    async recordSuccess(user: IdentityUser): Promise<void> {
      await db.update(identityUsers).set({ failedSignIns: 0, lockedUntil: null, lastSignInAt: new Date() }).where(eq(identityUsers.id, user.id));
    },
  };
}

export type IdentityUsersRepo = ReturnType<typeof createIdentityUsersRepo>;

