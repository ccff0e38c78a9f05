import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityBackupCodes, identityUsers } from '../../db/schema';

const u = identityUsers;
const b = identityBackupCodes;

/** The second factor's rows: the TOTP columns of `identity_users` and the `identity_backup_codes` table (codes stored hashed). */
export function createTotpRepo(db: Db) {
  return {
    /** Secrets sealed by older versions with the key kept in the database. */
    legacySecrets: () => db.select({ id: u.id, totpSecret: u.totpSecret }).from(u).where(isNotNull(u.totpSecret)),

    /** Moves a legacy secret to `totpSecretBox`, only if the user's secret is still `legacySecret`. */
    resealLegacySecret: (userId: number, legacySecret: string, totpSecretBox: string) =>
      db.update(u).set({ totpSecretBox, totpSecret: null }).where(and(eq(u.id, userId), eq(u.totpSecret, legacySecret))).then(() => undefined),

    /**
     * Moves `totp_last_step` forward to `step` (and enables TOTP unless `requireEnabled`), only while
     * `totpSecretBox` is still the stored secret, TOTP is (not yet) on, and `step` is after the last
     * accepted one: of two requests carrying the same code, exactly one succeeds.
     */
    async spendStep(userId: number, totpSecretBox: string, step: number, requireEnabled: boolean): Promise<boolean> {
      const rows = await db
        .update(u)
        .set(requireEnabled ? { totpLastStep: step } : { totpLastStep: step, totpEnabledAt: new Date() })
        .where(
          and(
            eq(u.id, userId),
            eq(u.totpSecretBox, totpSecretBox),
            requireEnabled ? isNotNull(u.totpEnabledAt) : isNull(u.totpEnabledAt),
            or(isNull(u.totpLastStep), lt(u.totpLastStep, step)),
          ),
        )
        .returning({ id: u.id });
      return rows.length === 1;
    },

    unusedBackupCodes: (userId: number) => db.select().from(b).where(and(eq(b.userId, userId), isNull(b.usedAt))),

    /** Single use: one UPDATE marks the row used; a parallel second use finds none. */
    async spendBackupCode(id: number): Promise<boolean> {
      const spent = await db.update(b).set({ usedAt: new Date() }).where(and(eq(b.id, id), isNull(b.usedAt))).returning({ id: b.id });
      return spent.length === 1;
    },

    /**
     * Stores a pending enrolment in one transaction: the sealed secret (not yet enabled) and the new
     * backup codes in place of the old ones. False when TOTP is already on.
     */
    beginEnrolment(userId: number, totpSecretBox: string, codeHashes: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(u)
          .set({ totpSecretBox, totpSecret: null, totpLastStep: null, updatedAt: new Date() })
          .where(and(eq(u.id, userId), isNull(u.totpEnabledAt)))
          .returning({ id: u.id });
        if (!row) return false;
        await tx.delete(b).where(eq(b.userId, userId));
        await tx.insert(b).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
        return true;
      });
    },

    /** Clears the secret, the enabled flag, the last step and the backup codes, in one transaction. */
    disable: (userId: number) =>
      db.transaction(async (tx) => {
        await tx
          .update(u)
          .set({ totpSecretBox: null, totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
          .where(eq(u.id, userId));
        await tx.delete(b).where(eq(b.userId, userId));
      }),

    async remainingBackupCodes(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(b)
        .where(and(eq(b.userId, userId), isNull(b.usedAt)));
      return row?.n ?? 0;
    },
  };
}

export type TotpRepo = ReturnType<typeof createTotpRepo>;
