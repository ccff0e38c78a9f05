import type { SportCode } from '@app/contracts/live';
import { SearchIcon, TrophyIcon } from 'lucide-react';
import { useState } from 'react';

import { SportSelect } from '@/components/sport-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useEventSearch } from '@/features/live/api/live-lists';
import { FollowButton } from '@/features/live/components/follow-button';
import { GameGroups } from '@/features/live/components/game-groups';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 500;

/**
 * The fans' way in: every public game of the app and the user's teams' games, live now, upcoming and
 * recent results, searchable by team and sport, each with a Follow button for its team.
 */
export function EventFinder() {
  const [q, setQ] = useState('');
  const [sport, setSport] = useState<SportCode | ''>('');
  // One search request per pause in typing (docs/product.md#limits).
  const searched = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const current = useEventSearch(searched, sport);
  const results = useEventSearch(searched, sport, 'results');
  return (
    <div className="flex flex-col gap-3">
      <div role="search" className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <div className="relative">
          <Label htmlFor="event-search" className="sr-only">
            Search by team
          </Label>
          <SearchIcon aria-hidden="true" className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" />
          <Input id="event-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search by team" className="pl-9" />
        </div>
        <div>
          <Label htmlFor="event-sport" className="sr-only">
            Filter by sport
          </Label>
          <SportSelect id="event-sport" value={sport} onChange={(e) => setSport(e.target.value as SportCode | '')} placeholder="All sports" />
        </div>
      </div>
      <GameGroups
        current={current}
        results={results}
        label="Games"
        empty={{
          icon: TrophyIcon,
          title: q || sport ? 'No games match' : 'No games yet',
          text: q || sport ? 'Try another team name or sport.' : 'Public games of every team will appear here as soon as one is scheduled.',
        }}
        aside={(stream) =>
          stream.owner && stream.channel ? (
            <FollowButton owner={stream.owner} channel={stream.channel} teamName={stream.teamA ?? stream.owner} />
          ) : null
        }
      />
    </div>
  );
}
