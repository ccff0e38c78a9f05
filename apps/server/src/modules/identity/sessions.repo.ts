import { and, desc, eq, getTableColumns, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isActiveSession } from '../../db/active-session';
import { identityRefreshTokens, identitySessions } from '../../db/schema';

export type Session = typeof identitySessions.$inferSelect;
type NewSession = Pick<typeof identitySessions.$inferInsert, 'tenantId' | 'userId' | 'expiresAt' | 'userAgent' | 'ip'>;

/** What one refresh did: the session and the token it answers, or why it answers none. */
type RotateOutcome = { session: Session } | { invalid: true } | { reused: true };

/** Sessions and their refresh tokens (the `identity_sessions` and `identity_refresh_tokens` tables); tokens are stored hashed. */
export function createSessionsRepo(db: Db) {
  const rt = identityRefreshTokens;

  // Every signed-in request asks this: built once, and a named statement each connection parses once.
  const activeSession = db
    .select()
    .from(identitySessions)
    .where(and(eq(identitySessions.id, sql.placeholder('id')), isActiveSession()))
    .prepare('identity_session_active');

  const insertRefreshToken = (tx: Pick<Db, 'insert'>, sessionId: string, tokenHash: string) => tx.insert(rt).values({ tokenHash, sessionId });

  return {
    async create(values: NewSession): Promise<Session> {
      const [session] = await db.insert(identitySessions).values(values).returning();
      return session!;
    },

    insertRefreshToken: (sessionId: string, tokenHash: string) => insertRefreshToken(db, sessionId, tokenHash).then(() => undefined),

    /**
     * One refresh, in one transaction: the presented token (`tokenHash`) is spent and its successor
     * (`successorHash`) stored. A token spent within `reuseGraceSeconds` whose successor is still unused
     * answers that successor; any other spent token revokes its session. The row locks and the database
     * clock decide, so all nodes agree.
     */
    rotate(tokenHash: string, successorHash: string, reuseGraceSeconds: number, ip: string | undefined): Promise<RotateOutcome> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ ...getTableColumns(rt), inGrace: sql<boolean>`${rt.usedAt} > now() - make_interval(secs => ${reuseGraceSeconds})` })
          .from(rt)
          .where(eq(rt.tokenHash, tokenHash))
          .for('update');
        if (!row) return { invalid: true as const };
        const [session] = await tx.select().from(identitySessions).where(eq(identitySessions.id, row.sessionId)).for('update');
        if (!session || session.revokedAt || session.expiresAt <= new Date()) return { invalid: true as const };
        const touch = async () => {
          const [touched] = await tx
            .update(identitySessions)
            .set({ lastUsedAt: new Date(), ...(ip ? { ip } : {}) })
            .where(eq(identitySessions.id, session.id))
            .returning();
          return { session: touched! };
        };
        if (row.usedAt) {
          const [next] = row.inGrace ? await tx.select({ usedAt: rt.usedAt }).from(rt).where(eq(rt.tokenHash, successorHash)) : [];
          if (next && !next.usedAt) return touch();
          await tx
            .update(identitySessions)
            .set({ revokedAt: new Date(), revokedReason: 'refresh-token-reuse' })
            .where(eq(identitySessions.id, session.id));
          return { reused: true as const };
        }
        await tx.update(rt).set({ usedAt: sql`now()` }).where(eq(rt.tokenHash, row.tokenHash));
        await insertRefreshToken(tx, session.id, successorHash);
        return touch();
      });
    },

    /** The session if it is still valid (not revoked, not past its absolute lifetime). */
    async active(sessionId: string): Promise<Session | undefined> {
      const [session] = await activeSession.execute({ id: sessionId });
      return session;
    },

    async sessionOfRefreshToken(tokenHash: string): Promise<string | undefined> {
      const [row] = await db.select({ sessionId: rt.sessionId }).from(rt).where(eq(rt.tokenHash, tokenHash));
      return row?.sessionId;
    },

    async revoke(sessionId: string, reason: string): Promise<void> {
      await db
        .update(identitySessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(identitySessions.id, sessionId), isNull(identitySessions.revokedAt)));
    },

    async revokeOthers(userId: number, keepSessionId: string | undefined, reason: string): Promise<number> {
      const rows = await db
        .update(identitySessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(identitySessions.userId, userId),
            isNull(identitySessions.revokedAt),
            keepSessionId ? ne(identitySessions.id, keepSessionId) : undefined,
          ),
        )
        .returning({ id: identitySessions.id });
      return rows.length;
    },

    list(userId: number): Promise<Session[]> {
      return db
        .select()
        .from(identitySessions)
        .where(and(eq(identitySessions.userId, userId), isNull(identitySessions.revokedAt), gt(identitySessions.expiresAt, sql`now()`)))
        .orderBy(desc(identitySessions.lastUsedAt));
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
