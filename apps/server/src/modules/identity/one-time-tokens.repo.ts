import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityOneTimeTokens } from '../../db/schema';
import { randomToken, sha256 } from './crypto';

export type OneTimePurpose = 'link' | 'reset' | 'code' | 'first-factor' | 'pkce' | 'saml' | 'oauth-state';
export type OneTimeToken = typeof identityOneTimeTokens.$inferSelect;

/** Every one-time secret (the `identity_one_time_tokens` table): CSPRNG, stored hashed, single use, short-lived (10 minutes at most by default). */
export function createOneTimeTokens(db: Db) {
  const mergeMeta = async (where: ReturnType<typeof and>, patch: Record<string, unknown>) => {
    const t = identityOneTimeTokens;
    const [row] = await db
      .update(t)
      .set({ meta: sql`${t.meta} || ${JSON.stringify(patch)}::jsonb` })
      .where(where)
      .returning({ meta: t.meta });
    return row?.meta;
  };

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

    /**
     * Merges `patch` into the meta of a spent PKCE code (by its secret) and returns the merged meta; one
     * row lock, so the exchange and a replay of its code serialize.
     */
    async mergeSpentMeta(tenantId: string, purpose: OneTimePurpose, secret: string, patch: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
      const t = identityOneTimeTokens;
      return mergeMeta(and(eq(t.tenantId, tenantId), eq(t.purpose, purpose), eq(t.tokenHash, sha256(secret)), isNotNull(t.usedAt)), patch);
    },

    /** Merges `patch` into the meta of the row with this id and returns the merged meta. */
    mergeMetaById: (id: string, patch: Record<string, unknown>) => mergeMeta(eq(identityOneTimeTokens.id, id), patch),

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
