import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { identitySessions, users } from '../../db/schema';
import { isActiveSession } from '../../db/active-session';
import { readyImagesJson } from '../../db/ready-images';

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
  // Who is calling, in one round trip: the session if it is still live (not revoked, not expired)
  // and the product user of its identity account in the host's tenant (null before registration).
  // The session table is the identity module's; it is only read here, in SQL, because the join is
  // what saves a round trip on every signed-in request (the identity module owns every write to it,
  // and its `sessions.active` stays the check of identity's own routes). Never cached: logout,
  // password change and refresh-token reuse must refuse the next request.
  const userOfSession = and(eq(users.tenantId, sql.placeholder('tenantId')), eq(users.identityUserId, identitySessions.userId));
  const liveSession = and(eq(identitySessions.id, sql.placeholder('sessionId')), isActiveSession());
  const signedIn = db
    .select({ sessionUserId: identitySessions.userId, user: users })
    .from(identitySessions)
    .leftJoin(users, userOfSession)
    .where(liveSession)
    .prepare('users_signed_in');
  // The same, with the user's ready images (GET and PUT /api/user/me answer them): one statement, so
  // the first read of every page costs one round trip, and the images are those of the row it read.
  // The images are the images module's (it owns every write); the filter and order are shared (db/ready-images.ts).
  const signedInWithImages = db
    .select({ sessionUserId: identitySessions.userId, user: users, images: readyImagesJson(users.id) })
    .from(identitySessions)
    .leftJoin(users, userOfSession)
    .where(liveSession)
    .prepare('users_signed_in_with_images');
  return {
    byIdentity: (tenantId: string, identityUserId: number) => byIdentity.execute({ tenantId, identityUserId }).then(first),

    /** The live session's identity account and its product user (null before registration); undefined when the session ended. */
    signedIn: (tenantId: string, sessionId: string): Promise<{ sessionUserId: number; user: ProductUserRow | null } | undefined> =>
      signedIn.execute({ tenantId, sessionId }).then((rows) => rows[0]),

    /** `signedIn` with the product user's ready images (none before registration). */
    signedInWithImages: (tenantId: string, sessionId: string) => signedInWithImages.execute({ tenantId, sessionId }).then((rows) => rows[0]),

    /** The identity account id is unique across tenants (the Stripe client reference). */
    byIdentityAccount: (identityUserId: number) => db.select().from(users).where(eq(users.identityUserId, identityUserId)).limit(1).then(first),
    byId: (tenantId: string, id: number) => db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))).then(first),

    byUsername: (tenantId: string, username: string) =>
      db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), sql`lower(${users.username}) = lower(${username.trim()})`))
        .then(first),

    byEmail: (tenantId: string, email: string) =>
      db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), sql`lower(${users.email}) = lower(${email.trim()})`))
        .limit(1)
        .then(first),

    async insert(values: NewProductUser): Promise<ProductUserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    /** `startTrial`: the trial clock starts now unless it started before (it never moves once set). */
    async update(tenantId: string, id: number, values: Partial<NewProductUser>, options: { startTrial?: boolean } = {}): Promise<ProductUserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, ...(options.startTrial && { trialStartedAt: sql`coalesce(${users.trialStartedAt}, now())` }) })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
        .returning();
      return row!;
    },
  };
}
/**
 * Sets `users.image`, the picture members lists, comments and the board show, inside the writer's
 * transaction. With `replacing`, only while the image is still that one.
 */
export async function setUserImage(executor: Pick<Executor, 'update'>, userId: number, image: string | null, replacing?: string): Promise<void> {
  const still = replacing === undefined ? sql`true` : eq(users.image, replacing);
  await executor.update(users).set({ image }).where(and(eq(users.id, userId), still));
}

export type ProductUsersRepo = ReturnType<typeof createProductUsersRepo>;
