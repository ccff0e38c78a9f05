import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { randomToken, sha256 } from './crypto';
import { getOrCreateSecret } from '../../db/app-secrets';
import type { Session, SessionsRepo } from './sessions.repo';

/** App secret that derives a refresh token's successor (see `successorOf`). */
const SUCCESSOR_KEY_NAME = 'refresh-token-successor';

export const SESSION_DAYS = 30;

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

const invalidRefresh = () => new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');

export function createSessionService({ db, repo, reuseGraceSeconds }: { db: Db; repo: SessionsRepo; reuseGraceSeconds: number }) {
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

  return {
    async create(tenantId: string, userId: number, meta: SessionMeta): Promise<{ session: Session; refreshToken: string }> {
      const session = await repo.create({
        tenantId,
        userId,
        expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
        userAgent: meta.userAgent?.slice(0, 300),
        ip: meta.ip,
      });
      const refreshToken = randomToken(32);
      await repo.insertRefreshToken(session.id, sha256(refreshToken));
      return { session, refreshToken };
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
      const outcome = await repo.rotate(sha256(refreshToken), sha256(successor), reuseGraceSeconds, meta.ip);
      // A reuse is refused after its transaction, so the revocation commits.
      if (!('session' in outcome)) throw invalidRefresh();
      return { session: outcome.session, refreshToken: successor };
    },

    /** The session if it is still valid (not revoked, not past its absolute lifetime). */
    active: (sessionId: string): Promise<Session | undefined> => repo.active(sessionId),

    sessionOfRefreshToken: (refreshToken: string): Promise<string | undefined> => repo.sessionOfRefreshToken(sha256(refreshToken)),

    revoke: (sessionId: string, reason: string): Promise<void> => repo.revoke(sessionId, reason),

    /** Ends every other session of the user (password change, MFA enabled, "sign out elsewhere"). */
    revokeOthers: (userId: number, keepSessionId: string | undefined, reason: string): Promise<number> => repo.revokeOthers(userId, keepSessionId, reason),

    list: (userId: number): Promise<Session[]> => repo.list(userId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
