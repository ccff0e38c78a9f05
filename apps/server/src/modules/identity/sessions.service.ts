import { createHmac } from 'node:crypto';
import { and, desc, eq, getTableColumns, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityRefreshTokens, identitySessions } from '../../db/schema';
import { AppError } from '../../errors';
import { randomToken, sha256 } from './crypto';
import { isActiveSession } from '../../db/active-session';
import { getOrCreateSecret } from '../../db/app-secrets';

/** App secret that derives a refresh token's successor (see `successorOf`). */
const SUCCESSOR_KEY_NAME = 'refresh-token-successor';

export const SESSION_DAYS = 30;

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export type Session = typeof identitySessions.$inferSelect;

const invalidRefresh = () => new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');

export function createSessionService(db: Db, { reuseGraceSeconds }: { reuseGraceSeconds: number }) {
  const rt = identityRefreshTokens;
  let successorKey: Promise<string> | undefined;
  /**
   * A token's successor is derived from it (HMAC with an app secret) instead of drawn at random, so
   * a second refresh with the same token inside the grace window answers the very token the first
   * one issued, without the database ever holding a usable token (only hashes are stored).
   */
  const successorOf = async (token: string) => {
    successorKey ??= getOrCreateSecret(db, SUCCESSOR_KEY_NAME);
    successorKey.catch(() => (successorKey = undefined));
    return createHmac('sha256', await successorKey).update(token).digest('base64url');
  };

  // Every signed-in request asks this: built once, and a named statement each connection parses once.
  const activeSession = db
    .select()
    .from(identitySessions)
    .where(and(eq(identitySessions.id, sql.placeholder('id')), isActiveSession()))
    .prepare('identity_session_active');

  async function issueRefreshToken(sessionId: string, tx: Pick<Db, 'insert'> = db, token = randomToken(32)): Promise<string> {
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
     * Rotation: the presented token is spent and its successor issued. Presenting a spent token again
     * means it was stolen or replayed, and the whole session (every token of its family) is revoked,
     * with one exception: two refreshes racing (tabs without Web Locks, a retried request). Within
     * `reuseGraceSeconds` of its rotation, and while its successor is still unused, the spent token
     * answers that same successor. The row lock and the database clock decide, so all nodes agree.
     */
    async rotate(refreshToken: string, meta: SessionMeta): Promise<{ session: Session; refreshToken: string }> {
      const successor = await successorOf(refreshToken);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ ...getTableColumns(rt), inGrace: sql<boolean>`${rt.usedAt} > now() - make_interval(secs => ${reuseGraceSeconds})` })
          .from(rt)
          .where(eq(rt.tokenHash, sha256(refreshToken)))
          .for('update');
        if (!row) throw invalidRefresh();
        const [session] = await tx.select().from(identitySessions).where(eq(identitySessions.id, row.sessionId)).for('update');
        if (!session || session.revokedAt || session.expiresAt <= new Date()) throw invalidRefresh();
        const touch = () =>
          tx
            .update(identitySessions)
            .set({ lastUsedAt: new Date(), ...(meta.ip ? { ip: meta.ip } : {}) })
            .where(eq(identitySessions.id, session.id))
            .returning();
        if (row.usedAt) {
          const [next] = row.inGrace ? await tx.select({ usedAt: rt.usedAt }).from(rt).where(eq(rt.tokenHash, sha256(successor))) : [];
          if (next && !next.usedAt) return { session: (await touch())[0]!, refreshToken: successor };
          await tx
            .update(identitySessions)
            .set({ revokedAt: new Date(), revokedReason: 'refresh-token-reuse' })
            .where(eq(identitySessions.id, session.id));
          return { reused: true as const };
        }
        await tx.update(rt).set({ usedAt: sql`now()` }).where(eq(rt.tokenHash, row.tokenHash));
        await issueRefreshToken(session.id, tx, successor);
        return { session: (await touch())[0]!, refreshToken: successor };
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
