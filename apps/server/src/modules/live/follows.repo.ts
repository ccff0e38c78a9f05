import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channels, teamFollows } from '../../db/schema';

export function createFollowsRepo(db: Db) {
  return {
    async channelOf(tenantId: string, ownerUserId: number, name: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: channels.id })
        .from(channels)
        .where(and(eq(channels.tenantId, tenantId), eq(channels.ownerUserId, ownerUserId), eq(channels.name, name)));
      return row?.id;
    },

    async follow(userId: number, channelId: number): Promise<void> {
      await db.insert(teamFollows).values({ userId, channelId }).onConflictDoNothing();
    },

    async unfollow(userId: number, channelId: number): Promise<void> {
      await db.delete(teamFollows).where(and(eq(teamFollows.userId, userId), eq(teamFollows.channelId, channelId)));
    },

    async isFollowing(userId: number, channelId: number): Promise<boolean> {
      const rows = await db
        .select({ userId: teamFollows.userId })
        .from(teamFollows)
        .where(and(eq(teamFollows.userId, userId), eq(teamFollows.channelId, channelId)));
      return rows.length > 0;
    },
  };
}
export type FollowsRepo = ReturnType<typeof createFollowsRepo>;
