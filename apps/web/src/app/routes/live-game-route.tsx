import type { TeamResponse } from '@app/contracts/teams';
import { useParams } from 'react-router';

import { EventPage } from '@/features/live/components/event-page';
import type { GameClock } from '@/features/live/components/live-view';
import type { LiveEventState } from '@/features/live/api/get-live-event';
import { LiveTagging } from '@/features/tags/components/live-tagging';
import { useTeam } from '@/features/members/api/get-team';
import { useLevel } from '@/lib/subscription/level-context';

/** Whether the game is the active team's: its members tag it (the server checks it again). */
function teamGame(team: TeamResponse | undefined, event: Pick<LiveEventState, 'owner' | 'channel'>): boolean {
  return team !== undefined && 'owner' in team && team.owner === event.owner && team.channel === event.channel;
}

/** The code window for the team's coach and athletes; nothing for fans and other teams. */
function GameTagging({ event, clock }: { event: LiveEventState; clock: GameClock }) {
  const team = useTeam();
  const level = useLevel();
  if ((level !== 'team' && level !== 'athlete') || !teamGame(team.data, event)) return null;
  return <LiveTagging eventKey={event.key} clock={clock} />;
}

/**
 * /live/:streamId: the live event viewer, with the tags feature's code window (composed here because
 * features never import each other).
 */
export function Component() {
  const { streamId = '' } = useParams();
  // Keyed by event: another game's page starts from a fresh player.
  return <EventPage key={streamId} eventKey={streamId} mode="live" tagging={GameTagging} />;
}
