import { NOT_A_TEAM_MEMBER, type Buddy } from '@app/contracts/talk';
import type { Caller } from '../../caller';
import { AppError } from '../../errors';
import type { UsersService } from '../users/users.service';
import type { BuddiesRepo, BuddyRow } from './buddies.repo';
import type { TeamsService } from './teams.service';

/** At most this many usernames are looked up at once (a page of items names far fewer). */
export const BUDDIES_MAX = 200;

const toBuddy = (row: BuddyRow): Buddy => ({ _id: row.uuid, username: row.username, name: row.name, image: row.image });

/** Names and pictures of teammates; nobody outside the caller's teams is ever described. */
export function createBuddiesService({ repo, teams, users }: { repo: BuddiesRepo; teams: Pick<TeamsService, 'activeChannel'>; users: Pick<UsersService, 'find'> }) {
  return {
    /** `GET /api/user/buddies?usernames=a,b`: those of them who share a team with the caller; the others are absent. */
    async named(caller: Caller, usernames: string): Promise<Buddy[]> {
      const user = await users.find(caller);
      if (!user) return [];
      const wanted = [...new Set(usernames.split(',').map((u) => u.trim().toLowerCase()).filter(Boolean))].slice(0, BUDDIES_MAX);
      return (await repo.teammatesNamed(caller.tenantId, user.id, wanted)).map(toBuddy);
    },

    /** `GET /api/team/buddies`: the members of the caller's active team (403 for anyone in no team). */
    async ofActiveTeam(caller: Caller): Promise<Buddy[]> {
      const team = await teams.activeChannel(caller);
      if (!team) throw new AppError('FORBIDDEN', NOT_A_TEAM_MEMBER);
      return (await repo.membersOf(team.channel.id)).map(toBuddy);
    },
  };
}

export type BuddiesService = ReturnType<typeof createBuddiesService>;
