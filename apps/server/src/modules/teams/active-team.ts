import { NOT_A_TEAM_MEMBER } from '@app/contracts/talk';
import type { Caller } from '../../caller';
import { AppError } from '../../errors';
import type { TeamsService } from '../teams/teams.service';

export type ActiveTeam = NonNullable<Awaited<ReturnType<TeamsService['activeChannel']>>>;

/** The caller's active team (they are a member of it), or 403 for anyone in no team: the board and the feed are a team's. */
export async function requireActiveTeam(teams: Pick<TeamsService, 'activeChannel'>, caller: Caller): Promise<ActiveTeam> {
  const team = await teams.activeChannel(caller);
  if (!team) throw new AppError('FORBIDDEN', NOT_A_TEAM_MEMBER);
  return team;
}
