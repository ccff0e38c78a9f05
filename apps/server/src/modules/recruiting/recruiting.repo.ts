import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recruitingCards } from '../../db/schema';

export type RecruitingCardRow = typeof recruitingCards.$inferSelect;
type CardChanges = Partial<Pick<RecruitingCardRow, 'published' | 'fields' | 'reelId' | 'publicId'>>;

/** Queries on `recruiting_cards` (one row per user, made on the first change). */
export function createRecruitingRepo(db: Db) {
  const first = (rows: RecruitingCardRow[]) => rows[0];
  return {
    ofUser: (userId: number) => db.select().from(recruitingCards).where(eq(recruitingCards.userId, userId)).then(first),

    /** A published card by its link; an unpublished and an unknown one are the same miss, from the same one-row index lookup. */
    publishedById: (tenantId: string, publicId: string) =>
      db
        .select()
        .from(recruitingCards)
        .where(and(eq(recruitingCards.tenantId, tenantId), eq(recruitingCards.publicId, publicId), eq(recruitingCards.published, true)))
        .then(first),

    /** Creates the user's card with `publicId` or changes it; answers the row as it is now. */
    async upsert(tenantId: string, userId: number, publicId: string, changes: CardChanges): Promise<RecruitingCardRow> {
      const [row] = await db
        .insert(recruitingCards)
        .values({ tenantId, userId, publicId, ...changes })
        .onConflictDoUpdate({ target: recruitingCards.userId, set: { ...changes, updatedAt: new Date() } })
        .returning();
      return row!;
    },
  };
}
export type RecruitingRepo = ReturnType<typeof createRecruitingRepo>;
