import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityOneTimeTokens } from '../../db/schema';
import { randomToken, sha256 } from './crypto';

export type OneTimePurpose = 'link' | 'reset' | 'code' | 'first-factor' | 'pkce' | 'saml' | 'oauth-state';
export type OneTimeToken = typeof identityOneTimeTokens.$inferSelect;
/** What a code is bound to: the address it was asked for (first factor) or the pending sign-in's token (second factor). */
type CodeBinding = { channel: string; address: string } | { jti: string };

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

    /** How many secrets of these purposes were sent to `address` in the last `windowMinutes` (the per-address throttle). */
    async countRecentByAddress(tenantId: string, purposes: readonly OneTimePurpose[], address: string, windowMinutes: number): Promise<number> {
      const t = identityOneTimeTokens;
      const [row] = await db
        .select({ n: count() })
        .from(t)
        .where(
          and(
            eq(t.tenantId, tenantId),
            inArray(t.purpose, [...purposes]),
            sql`${t.meta}->>'address' = ${address}`,
            gt(t.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
          ),
        );
      return row?.n ?? 0;
    },

    /** The user's newest live code asked for this address (first factor) or this pending sign-in (second factor). */
    async newestLiveCode(tenantId: string, userId: number, binding: CodeBinding): Promise<OneTimeToken | undefined> {
      const t = identityOneTimeTokens;
      const bound: SQL[] =
        'jti' in binding
          ? [sql`${t.meta}->>'jti' = ${binding.jti}`]
          : [sql`${t.meta}->>'channel' = ${binding.channel}`, sql`${t.meta}->>'address' = ${binding.address}`, sql`${t.meta}->>'jti' IS NULL`];
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.tenantId, tenantId), eq(t.purpose, 'code'), eq(t.userId, userId), isNull(t.usedAt), gt(t.expiresAt, sql`now()`), ...bound))
        .orderBy(desc(t.createdAt))
        .limit(1);
      return row;
    },

    /** Spends a code that is live and had fewer than `maxAttempts` wrong guesses; false when it was not. */
    async spendCode(id: string, maxAttempts: number): Promise<boolean> {
      const t = identityOneTimeTokens;
      const [spent] = await db
        .update(t)
        .set({ usedAt: new Date() })
        .where(and(eq(t.id, id), isNull(t.usedAt), gt(t.expiresAt, sql`now()`), sql`${t.attempts} < ${maxAttempts}`))
        .returning({ id: t.id });
      return !!spent;
    },

    /** Counts a wrong guess of an unspent code; the `maxAttempts`th spends it. */
    async countWrongGuess(id: string, maxAttempts: number): Promise<void> {
      const t = identityOneTimeTokens;
      await db
        .update(t)
        .set({
          attempts: sql`${t.attempts} + 1`,
          usedAt: sql`CASE WHEN ${t.attempts} + 1 >= ${maxAttempts} THEN now() ELSE ${t.usedAt} END`,
        })
        .where(and(eq(t.id, id), isNull(t.usedAt)));
    },
  };
}

export type OneTimeTokens = ReturnType<typeof createOneTimeTokens>;
