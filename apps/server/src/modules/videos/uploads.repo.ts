import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import type { Executor } from '../../db/job-transaction';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export function createUploadsRepo(db: Db) {
  const first = (rows: UploadRow[]) => rows[0];
  return {
    async insert(values: NewUpload): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      return row!;
    },

    byKey: (key: string) => db.select().from(uploads).where(eq(uploads.key, key)).then(first),

    byStorageKey: (storageKey: string) => db.select().from(uploads).where(eq(uploads.storageKey, storageKey)).then(first),

    /** The row locked until the transaction ends: two completes at once create one video. */
    lock: (tx: Executor, key: string) => tx.select().from(uploads).where(eq(uploads.key, key)).for('update').then(first),

    async setSize(key: string, size: number): Promise<void> {
      await db.update(uploads).set({ size }).where(eq(uploads.key, key));
    },

    async markCompleted(executor: Executor, key: string, videoId: string | null): Promise<void> {
      await executor.update(uploads).set({ completedAt: sql`now()`, videoId }).where(eq(uploads.key, key));
    },

    /** Unfinished uploads whose time ran out before `before` (uses the partial index uploads_expires). */
    expiredUnfinished: (before: Date, limit: number) =>
      db
        .select()
        .from(uploads)
        .where(and(isNull(uploads.completedAt), lt(uploads.expiresAt, before)))
        .orderBy(asc(uploads.expiresAt))
        .limit(limit),

    /** Deletes the row unless it was completed meanwhile; true when it was deleted. */
    async deleteUnfinished(key: string): Promise<boolean> {
      const rows = await db
        .delete(uploads)
        .where(and(eq(uploads.key, key), isNull(uploads.completedAt)))
        .returning({ key: uploads.key });
      return rows.length === 1;
    },
  };
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
