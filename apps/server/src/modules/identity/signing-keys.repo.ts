import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityKeys } from '../../db/schema';

type NewSigningKey = Pick<typeof identityKeys.$inferInsert, 'kid' | 'tenantId' | 'privateKeyBox' | 'publicJwk'>;

const k = identityKeys;

/** The tenants' signing keys (the `identity_keys` table); private keys are stored encrypted. */
export function createSigningKeysRepo(db: Db, { retiredKeySeconds }: { retiredKeySeconds: number }) {
  /** Keys whose tokens may still be valid: the active one and those retired less than `retiredKeySeconds` ago. */
  const published = () => or(isNull(k.retiredAt), gt(k.retiredAt, sql`now() - make_interval(secs => ${retiredKeySeconds})`));

  return {
    /** The tenant's oldest active key. */
    activeKey: (tenantId: string) =>
      db
        .select({ kid: k.kid, privateKeyBox: k.privateKeyBox })
        .from(k)
        .where(and(eq(k.tenantId, tenantId), isNull(k.retiredAt)))
        .orderBy(k.createdAt)
        .limit(1)
        .then((rows) => rows[0]),

    insert: (key: NewSigningKey) => db.insert(k).values(key).then(() => undefined),

    publicKeys: (tenantId: string) => db.select({ kid: k.kid, publicJwk: k.publicJwk }).from(k).where(and(eq(k.tenantId, tenantId), published())),

    /** The tenant's published keys, oldest first (the JWKS document). */
    publishedJwks: (tenantId: string) => db.select({ publicJwk: k.publicJwk }).from(k).where(and(eq(k.tenantId, tenantId), published())).orderBy(k.createdAt),

    /** Rows written before private keys were encrypted. */
    plainKeys: () => db.select({ kid: k.kid, privateJwk: k.privateJwk }).from(k).where(isNotNull(k.privateJwk)),

    sealPlainKey: (kid: string, privateKeyBox: string) => db.update(k).set({ privateKeyBox, privateJwk: null }).where(eq(k.kid, kid)).then(() => undefined),

    publishedPrivateKeys: () => db.select({ kid: k.kid, privateKeyBox: k.privateKeyBox }).from(k).where(published()),

    /**
     * One node at a time (advisory lock): every tenant whose active key is older than `rotateAfterDays`
     * has it retired and gets `newKey(tenantId)` (then `rotated(tenantId)` is called); retired keys past
     * `retiredKeySeconds` are deleted. Returns the tenants that got a new key.
     */
    rotateDue(
      rotateAfterDays: number,
      newKey: (tenantId: string) => Promise<NewSigningKey>,
      rotated: (tenantId: string) => void,
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('identity-key-rotation'))`);
        const due = await tx
          .selectDistinct({ tenantId: k.tenantId })
          .from(k)
          .where(and(isNull(k.retiredAt), lt(k.createdAt, sql`now() - make_interval(days => ${rotateAfterDays})`)));
        for (const { tenantId } of due) {
          await tx.update(k).set({ retiredAt: sql`now()` }).where(and(eq(k.tenantId, tenantId), isNull(k.retiredAt)));
          await tx.insert(k).values(await newKey(tenantId));
          rotated(tenantId);
        }
        await tx.delete(k).where(and(isNotNull(k.retiredAt), lt(k.retiredAt, sql`now() - make_interval(secs => ${retiredKeySeconds})`)));
        return due.map((d) => d.tenantId);
      });
    },
  };
}

export type SigningKeysRepo = ReturnType<typeof createSigningKeysRepo>;
