import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/job-transaction';
import { users } from '../../db/schema';

/**
 * Sets `users.image`, the picture members lists, comments and the board show, inside the writer's
 * transaction (an avatar becomes it when it is ready). With `replacing`, only while the image is still
 * that one: deleting an old avatar must not clear a newer one.
 */
export async function setUserImage(executor: Executor, userId: number, image: string | null, replacing?: string): Promise<void> {
  const still = replacing === undefined ? sql`true` : eq(users.image, replacing);
  await executor.update(users).set({ image }).where(and(eq(users.id, userId), still));
}
