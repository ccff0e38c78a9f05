import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { userImages } from '../../db/schema';
import type { ImageVariant } from '../../db/stored-media';
import { IMAGE_CHANNEL } from './image-settled';
import { readyImagesOf, readyImagesOrder } from '../../db/ready-images';

export type ImageRow = typeof userImages.$inferSelect;
export type NewImage = typeof userImages.$inferInsert;

/** Tags of which a user (a team, for the logo) has one: a new one replaces the old. */
const SINGLE = ['hero', 'avatar', 'logo'];

/** Tells the requests waiting for `id` (image-settled.ts) to read it again, once the writer's transaction commits. */
const notifySettled = (executor: Pick<Executor, 'execute'>, id: string) => executor.execute(sql`SELECT pg_notify(${IMAGE_CHANNEL}, ${id})`);

/** Queries on `user_images`; every write that ends an image's processing or deletes it notifies its waiters. */
export function createImagesRepo(db: Db) {
  const first = (rows: ImageRow[]) => rows[0];
  return {
    async insert(executor: Executor, values: NewImage): Promise<void> {
      await executor.insert(userImages).values(values);
    },

    byId: (id: string) => db.select().from(userImages).where(eq(userImages.id, id)).then(first),

    /** A user's ready images: hero, avatar, then the photos newest first (the logo is the team's). */
    readyOf: (userId: number) =>
      db
        .select()
        .from(userImages)
        .where(readyImagesOf(userId))
        .orderBy(...readyImagesOrder),

    logoOf: (channelId: number) =>
      db
        .select()
        .from(userImages)
        .where(and(eq(userImages.channelId, channelId), eq(userImages.tag, 'logo'), eq(userImages.status, 'ready')))
        .orderBy(desc(userImages.readyAt))
        .limit(1)
        .then(first),

    async markFailed(id: string, code: string, message: string): Promise<void> {
      await db.transaction(async (tx) => {
        const failed = await tx
          .update(userImages)
          .set({ status: 'failed', failureCode: code, failure: message })
          .where(and(eq(userImages.id, id), eq(userImages.status, 'processing')))
          .returning({ id: userImages.id });
        if (failed.length > 0) await notifySettled(tx, id);
      });
    },

    /**
     * Marks the image ready and removes the ready image it replaces (the user's previous hero or
     * avatar, the team's previous logo), in one transaction; answers the rows removed, whose files the
     * caller deletes once it committed, or null when the image is no longer processing (deleted meanwhile).
     */
    async markReady(
      tx: Executor,
      row: ImageRow,
      ready: { variants: ImageVariant[]; width: number; height: number; placeholder: string },
    ): Promise<ImageRow[] | null> {
      const updated = await tx
        .update(userImages)
        .set({ ...ready, status: 'ready', readyAt: sql`now()` })
        .where(and(eq(userImages.id, row.id), eq(userImages.status, 'processing')))
        .returning({ id: userImages.id });
      if (updated.length === 0) return null;
      await notifySettled(tx, row.id);
      if (!SINGLE.includes(row.tag)) return [];
      const sameSlot = row.tag === 'logo' && row.channelId !== null ? eq(userImages.channelId, row.channelId) : eq(userImages.userId, row.userId);
      return tx
        .delete(userImages)
        .where(and(sameSlot, eq(userImages.tag, row.tag), ne(userImages.id, row.id), inArray(userImages.status, ['ready', 'failed'])))
        .returning();
    },

    /** Deletes the user's own image; the row deleted, or undefined when there is none of theirs. */
    async remove(executor: Executor, tenantId: string, userId: number, id: string): Promise<ImageRow | undefined> {
      const deleted = await executor
        .delete(userImages)
        .where(and(eq(userImages.tenantId, tenantId), eq(userImages.userId, userId), eq(userImages.id, id)))
        .returning()
        .then(first);
      if (deleted) await notifySettled(executor, id);
      return deleted;
    },
  };
}
export type ImagesRepo = ReturnType<typeof createImagesRepo>;
