import { AppError } from '../../errors';
import type { Caller } from '../../caller';
import type { UsersService } from '../users/users.service';
import type { FollowsRepo } from './follows.repo';

export const TEAM_NOT_FOUND = 'Team not found.';

/** A fan follows a team (a channel) and sees its public games first. Idempotent both ways. */
export function createFollowsService({ repo, users }: { repo: FollowsRepo; users: Pick<UsersService, 'requireRegistered' | 'byUsername'> }) {
  async function target(caller: Caller, owner: string, channel: string): Promise<{ userId: number; channelId: number }> {
    const user = await users.requireRegistered(caller);
    const ownerRow = await users.byUsername(caller.tenantId, owner);
    const channelId = ownerRow ? await repo.channelOf(caller.tenantId, ownerRow.id, channel) : undefined;
    if (channelId === undefined) throw new AppError('NOT_FOUND', TEAM_NOT_FOUND);
    return { userId: user.id, channelId };
  }

  return {
    async follow(caller: Caller, owner: string, channel: string): Promise<{ following: boolean }> {
      const { userId, channelId } = await target(caller, owner, channel);
      await repo.follow(userId, channelId);
      return { following: true };
    },

    async unfollow(caller: Caller, owner: string, channel: string): Promise<{ following: boolean }> {
      const { userId, channelId } = await target(caller, owner, channel);
      await repo.unfollow(userId, channelId);
      return { following: false };
    },

    async state(caller: Caller, owner: string, channel: string): Promise<{ following: boolean }> {
      const { userId, channelId } = await target(caller, owner, channel);
      return { following: await repo.isFollowing(userId, channelId) };
    },
  };
}
export type FollowsService = ReturnType<typeof createFollowsService>;
