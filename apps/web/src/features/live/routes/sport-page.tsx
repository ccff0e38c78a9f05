import { SPORTS, toSportCode, type SportCode } from '@app/contracts/live';
import { TrophyIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { useSportEvents } from '@/features/live/api/live-lists';
import { FollowButton } from '@/features/live/components/follow-button';
import { GameGroups } from '@/features/live/components/game-groups';

/** /sport/:code: one sport's games (a three-letter sport code, any case; 'iho' is ice hockey as the register page links it). */
export function Component() {
  const { code = '' } = useParams();
  const sport = toSportCode(code);
  if (!sport) {
    return (
      <Page title="Sport not found">
        <EmptyState
          icon={TrophyIcon}
          title={`No sport "${code}"`}
          action={
            <Button asChild variant="outline">
              <Link to="/live">See every game</Link>
            </Button>
          }
        >
          This address names no sport we know.
        </EmptyState>
      </Page>
    );
  }
  return <SportEvents key={sport} sport={sport} />;
}

function SportEvents({ sport }: { sport: SportCode }) {
  const current = useSportEvents(sport);
  const results = useSportEvents(sport, 'results');
  return (
    <Page width="wide" title={SPORTS[sport]} description={`Live, upcoming and recent ${SPORTS[sport].toLowerCase()} games.`}>
      <GameGroups
        current={current}
        results={results}
        label={`${SPORTS[sport]} games`}
        empty={{ icon: TrophyIcon, title: 'No games yet', text: `${SPORTS[sport]} games will appear here as soon as a team schedules one.` }}
        aside={(stream) =>
          stream.owner && stream.channel ? (
            <FollowButton owner={stream.owner} channel={stream.channel} teamName={stream.teamA ?? stream.owner} />
          ) : null
        }
      />
    </Page>
  );
}
