import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedClips } from '../../db/schema';

/** The saved clips table: the clips of others a user keeps in their library. */
export function createSavedClipsRepo(db: Db) {
  return {
    /** Saves a clip to the user's library; saving it again keeps the first save's time. */
    async save(userId: number, clipId: string): Promise<void> {
      await db.insert(savedClips).values({ userId, clipId }).onConflictDoNothing();
    },

    async unsave(userId: number, clipId: string): Promise<void> {
      await db.delete(savedClips).where(and(eq(savedClips.userId, userId), eq(savedClips.clipId, clipId)));
    },

    async isSaved(userId: number, clipId: string): Promise<boolean> {
      const rows = await db
        .select({ clipId: savedClips.clipId })
        .from(savedClips)
        .where(and(eq(savedClips.userId, userId), eq(savedClips.clipId, clipId)));
      return rows.length > 0;
    },
  };
}
export type SavedClipsRepo = ReturnType<typeof createSavedClipsRepo>;
