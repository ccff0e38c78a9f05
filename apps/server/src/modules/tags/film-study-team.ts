import { AppError } from '../../errors';

export const FILM_STUDY_TEAM_ONLY = "Only the team's coach and athletes see its film study.";

/**
 * A fan in a team watches its videos and games, but the film study (the code window and the tags) is
 * the coach's and the athletes': 403 for a fan's account.
 */
export function requireFilmStudyMember<T extends { user: { type: string | null } }>(team: T): T {
  if (team.user.type === 'fan') throw new AppError('FORBIDDEN', FILM_STUDY_TEAM_ONLY);
  return team;
}
