import type { Level } from '@app/contracts/levels';

/** What /live and /events offer, for who is looking: an athlete or coach watches their team; a fan follows teams and watches public games. */
export function liveDescription(level: Level | undefined): string {
  if (level === 'team' || level === 'athlete') return "Watch your team's games as they happen, and the public games of every team.";
  return 'Watch public games live, see what is coming up and catch the latest results. Follow a team to see its games first.';
}
