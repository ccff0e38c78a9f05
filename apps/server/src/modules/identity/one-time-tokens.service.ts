import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityOneTimeTokens } from '../../db/schema';
import { randomToken, sha256 } from './crypto';

export type OneTimePurpose = 'link' | 'reset' | 'code' | 'first-factor' | 'pkce' | 'saml' | 'oauth-state';
export type OneTimeToken = typeof identityOneTimeTokens.$inferSelect;

/** Every one-time secret: CSPRNG, stored hashed, single use, short-lived (10 minutes at most by default). */
export function createOneTimeTokens(db: Db) {
  return {
    /**
     * Issues a secret (random unless `secret` is given, e.g. a numeric code). With `replace`, older
     * unused secrets of the same purpose for the user stop working, so only the newest link counts.
     */
    async issue(input: {
      tenantId: string;
      purpose: OneTimePurpose;
      userId?: number | null;
      ttlSeconds?: number;
      meta?: Record<string, unknown>;
      secret?: string;
      replace?: boolean;
    }): Promise<{ id: string; secret: string; expiresAt: Date }> {
      const secret = input.secret ?? randomToken(32);
      const expiresAt = new Date(Date.now() + (input.ttlSeconds ?? 600) * 1000);
      return db.transaction(async (tx) => {
        if (input.replace && input.userId) {
          await tx
            .update(identityOneTimeTokens)
            .set({ usedAt: new Date() })
            .where(
              and(
                eq(identityOneTimeTokens.tenantId, input.tenantId),
                eq(identityOneTimeTokens.purpose, input.purpose),
                eq(identityOneTimeTokens.userId, input.userId),
                isNull(identityOneTimeTokens.usedAt),
              ),
            );
        }
        const [row] = await tx
          .insert(identityOneTimeTokens)
          .values({
            tenantId: input.tenantId,
            purpose: input.purpose,
            userId: input.userId ?? null,
            tokenHash: sha256(secret),
            expiresAt,
            meta: input.meta ?? {},
          })
          .returning({ id: identityOneTimeTokens.id });
        return { id: row!.id, secret, expiresAt };
      });
    },

    /** Atomically spends a secret; undefined when unknown, expired or already used. */
    async consume(input: { tenantId: string; purpose: OneTimePurpose; secret: string; userId?: number }): Promise<OneTimeToken | undefined> {
      const [row] = await db
        .update(identityOneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(identityOneTimeTokens.tenantId, input.tenantId),
            eq(identityOneTimeTokens.purpose, input.purpose),
            eq(identityOneTimeTokens.tokenHash, sha256(input.secret)),
            input.userId !== undefined ? eq(identityOneTimeTokens.userId, input.userId) : undefined,
            isNull(identityOneTimeTokens.usedAt),
            gt(identityOneTimeTokens.expiresAt, sql`now()`),
          ),
        )
        .returning();
      return row;
    },

    /** Spends the row with this id (first-factor tokens carry it as `jti`). */
    async consumeById(tenantId: string, purpose: OneTimePurpose, id: string): Promise<OneTimeToken | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db
        .update(identityOneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(identityOneTimeTokens.id, id),
            eq(identityOneTimeTokens.tenantId, tenantId),
            eq(identityOneTimeTokens.purpose, purpose),
            isNull(identityOneTimeTokens.usedAt),
            gt(identityOneTimeTokens.expiresAt, sql`now()`),
          ),
        )
        .returning();
      return row;
    },

    /** Is this row still usable (not spent, not expired)? For secrets checked before the final step. */
    async isLive(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: identityOneTimeTokens.id })
        .from(identityOneTimeTokens)
        .where(and(eq(identityOneTimeTokens.id, id), isNull(identityOneTimeTokens.usedAt), gt(identityOneTimeTokens.expiresAt, sql`now()`)));
      return !!row;
    },
  };
}

export type OneTimeTokens = ReturnType<typeof createOneTimeTokens>;
