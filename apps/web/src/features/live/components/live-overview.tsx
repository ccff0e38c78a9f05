import { ArchiveIcon, CalendarClockIcon, ChevronRightIcon, RadioIcon, RadioTowerIcon, RefreshCwIcon, SearchIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { useLiveNow, useStreamPages } from '@/features/live/api/live-lists';
import { EventFinder } from '@/features/live/components/event-finder';
import { SetUpStream } from '@/features/live/components/set-up-stream';
import { LiveStreamCard, StreamRow } from '@/features/live/components/stream-card';
import { errorMessage } from '@/lib/error-message';
import { useIsLaptop } from '@/lib/use-media-query';
import { useLevel } from '@/lib/subscription/level-context';

const ON_OVERVIEW = 4;

/**
 * The live index, also at /events: the game live now, the next games,
 * the recent results, Set Up Stream for team subscribers, and every public game to find and follow.
 */
export function LiveOverview() {
  const level = useLevel();
  const laptop = useIsLaptop();
  const setUp =
    level === 'team' ? (
      <section aria-labelledby="set-up-stream-heading" className="bg-card flex flex-col gap-3 rounded-xl border p-4">
        <h2 id="set-up-stream-heading" className="flex items-center gap-2 text-base font-semibold">
          <RadioTowerIcon aria-hidden="true" className="text-muted-foreground size-4" /> Set Up Stream
        </h2>
        <SetUpStream />
      </section>
    ) : null;
  const upcoming = (
    <Section id="upcoming-heading" title="Upcoming Games" icon={CalendarClockIcon} to="/live/upcoming">
      <UpcomingPreview />
    </Section>
  );
  const find = (
    <Section id="find-heading" title="Find games" icon={SearchIcon}>
      <EventFinder />
    </Section>
  );
  const results = (
    <Section id="results-heading" title="Recent Results" icon={ArchiveIcon} to="/live/archives">
      <ResultsPreview />
    </Section>
  );

  // A laptop keeps the coach's form in a panel beside the games; a phone puts the form right under the
  // live game, where a coach about to stream looks first. The games read live, upcoming, then results.
  if (!laptop || !setUp) {
    return (
      <div className="flex flex-col gap-6">
        <LiveNow />
        {setUp}
        {upcoming}
        {results}
        {find}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_22rem] items-start gap-x-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <LiveNow />
        {upcoming}
        {results}
        {find}
      </div>
      <div className="sticky top-20 flex flex-col gap-6">{setUp}</div>
    </div>
  );
}

function Section({ id, title, icon: Icon, to, children }: { id: string; title: string; icon: typeof RadioIcon; to?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          <Icon aria-hidden="true" className="text-muted-foreground size-4" /> {title}
        </h2>
        {to ? (
          <Link to={to} className="text-muted-foreground hover:text-foreground flex items-center gap-0.5 text-sm font-medium">
            View all<span className="sr-only"> {title}</span>
            <ChevronRightIcon aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function LiveNow() {
  const live = useLiveNow();
  if (live.isPending) return <div role="status" aria-label="Loading the live game" className="bg-muted h-40 animate-pulse rounded-xl" />;
  if (live.isError) {
    return (
      <EmptyState
        icon={RadioIcon}
        title="Could not load the live game"
        action={
          <Button variant="outline" onClick={() => void live.refetch()}>
            <RefreshCwIcon aria-hidden="true" /> Try again
          </Button>
        }
      >
        {errorMessage(live.error)}
      </EmptyState>
    );
  }
  const [first, ...others] = live.data.items;
  if (!first) {
    return (
      <EmptyState icon={RadioIcon} title="Nothing live right now" className="min-h-40">
        When a game goes live, it will appear here.
      </EmptyState>
    );
  }
  return (
    <section aria-label="Live now" className="flex flex-col gap-2">
      <LiveStreamCard stream={first} />
      {others.length > 0 ? (
        <ul aria-label="Also live" className="grid gap-2 lg:grid-cols-2">
          {others.map((stream) => (
            <li key={stream.streamKey}>
              <StreamRow stream={stream} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const UpcomingPreview = () => <Preview kind="upcoming" label="Upcoming games" loading="Loading upcoming games..." none="No games scheduled yet." />;
const ResultsPreview = () => <Preview kind="archives" label="Recent results" loading="Loading recent results..." none="Finished games will appear here." />;

/** The first few games of a list, on the overview. */
function Preview({ kind, label, loading, none }: { kind: 'upcoming' | 'archives'; label: string; loading: string; none: string }) {
  const list = useStreamPages(kind, { limit: ON_OVERVIEW });
  if (list.isPending) return <p className="text-muted-foreground text-sm">{loading}</p>;
  // A failed list load falls back to empty.
  const items = list.data?.pages[0]?.items ?? [];
  if (items.length === 0) return <p className="text-muted-foreground text-sm">{none}</p>;
  return (
    <ul aria-label={label} className="grid gap-2 lg:grid-cols-2">
      {items.map((stream) => (
        <li key={stream.streamKey}>
          <StreamRow stream={stream} />
        </li>
      ))}
    </ul>
  );
}
