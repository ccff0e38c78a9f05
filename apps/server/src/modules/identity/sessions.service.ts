import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityRefreshTokens, identitySessions } from '../../db/schema';
import { AppError } from '../../errors';
import { randomToken, sha256 } from './crypto';
import { isLiveSession } from './live-session';

export const SESSION_DAYS = 30;

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export type Session = typeof identitySessions.$inferSelect;

const invalidRefresh = () => new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');

export function createSessionService(db: Db) {
  // Every signed-in request asks this: built once, and a named statement each connection parses once.
  const activeSession = db
    .select()
    .from(identitySessions)
    .where(and(eq(identitySessions.id, sql.placeholder('id')), isLiveSession()))
    .prepare('identity_session_active');

  async function issueRefreshToken(sessionId: string, tx: Pick<Db, 'insert'> = db): Promise<string> {
    const token = randomToken(32);
    await tx.insert(identityRefreshTokens).values({ tokenHash: sha256(token), sessionId });
    return token;
  }

  return {
    async create(tenantId: string, userId: number, meta: SessionMeta): Promise<{ session: Session; refreshToken: string }> {
      const [session] = await db
        .insert(identitySessions)
        .values({
          tenantId,
          userId,
          expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
          userAgent: meta.userAgent?.slice(0, 300),
          ip: meta.ip,
        })
        .returning();
      return { session: session!, refreshToken: await issueRefreshToken(session!.id) };
    },

    /**
     * Rotation: the presented token is spent and a new one issued. Presenting a spent token again
     * means it was stolen or replayed: the whole session (every token of its family) is revoked.
     */
    async rotate(refreshToken: string, meta: SessionMeta): Promise<{ session: Session; refreshToken: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(identityRefreshTokens)
          .where(eq(identityRefreshTokens.tokenHash, sha256(refreshToken)))
          .for('update');
        if (!row) throw invalidRefresh();
        const [session] = await tx.select().from(identitySessions).where(eq(identitySessions.id, row.sessionId)).for('update');
        if (!session || session.revokedAt || session.expiresAt <= new Date()) throw invalidRefresh();
        if (row.usedAt) {
          await tx
            .update(identitySessions)
            .set({ revokedAt: new Date(), revokedReason: 'refresh-token-reuse' })
            .where(eq(identitySessions.id, session.id));
          return { reused: true as const };
        }
        await tx.update(identityRefreshTokens).set({ usedAt: new Date() }).where(eq(identityRefreshTokens.tokenHash, row.tokenHash));
        const [updated] = await tx
          .update(identitySessions)
          .set({ lastUsedAt: new Date(), ...(meta.ip ? { ip: meta.ip } : {}) })
          .where(eq(identitySessions.id, session.id))
          .returning();
        return { session: updated!, refreshToken: await issueRefreshToken(session.id, tx) };
      }).then((result) => {
        // Thrown outside the transaction so the revocation commits.
        if ('reused' in result) throw invalidRefresh();
        return result;
      });
    },

    /** The session if it is still valid (not revoked, not past its absolute lifetime). */
    async active(sessionId: string): Promise<Session | undefined> {
      const [session] = await activeSession.execute({ id: sessionId });
      return session;
    },

    async sessionOfRefreshToken(refreshToken: string): Promise<string | undefined> {
      const [row] = await db
        .select({ sessionId: identityRefreshTokens.sessionId })
        .from(identityRefreshTokens)
        .where(eq(identityRefreshTokens.tokenHash, sha256(refreshToken)));
      return row?.sessionId;
    },

    async revoke(sessionId: string, reason: string): Promise<void> {
      await db
        .update(identitySessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(identitySessions.id, sessionId), isNull(identitySessions.revokedAt)));
    },

    /** Ends every other session of the user (password change, MFA enabled, "sign out elsewhere"). */
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

export type SessionService = ReturnType<typeof createSessionService>;
