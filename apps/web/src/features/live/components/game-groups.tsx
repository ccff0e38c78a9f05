import type { LiveStream, LiveStreamList } from '@app/contracts/live';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ArchiveIcon, CalendarClockIcon, Loader2Icon, RadioIcon, RefreshCwIcon, type LucideIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { StreamRow } from '@/features/live/components/stream-card';
import { errorMessage } from '@/lib/error-message';
import { useInfiniteScroll } from '@/lib/use-infinite-scroll';
import { cn } from '@/lib/utils';

type Pages = UseInfiniteQueryResult<InfiniteData<LiveStreamList>>;

type GameGroupsProps = {
  /** Live then upcoming games (`GET /api/events`, `/api/sports/{code}/events`). */
  current: Pages;
  /** The recent results: the same list with `status=ended`. */
  results: Pages;
  /** Names the lists: "{label}: live now", "{label}: upcoming", "{label}: recent results". */
  label: string;
  empty: { icon: LucideIcon; title: string; text: React.ReactNode };
  /** Beside each row (a Follow button). */
  aside?: (stream: LiveStream) => React.ReactNode;
};

/**
 * The discovery lists: games live now, then upcoming, then the recent results (each opening its recording
 * and highlights), the next page on scroll. The results follow once every upcoming game is listed, so the
 * groups never reorder as pages arrive.
 */
export function GameGroups({ current, results, label, empty, aside }: GameGroupsProps) {
  const more = current.hasNextPage ? current : results;
  const sentinelRef = useInfiniteScroll({
    hasMore: current.hasNextPage || results.hasNextPage,
    // Not after a failed page either: the button below retries it, scrolling must not hammer.
    loading: more.isFetchingNextPage || more.isFetchNextPageError,
    onLoadMore: () => void more.fetchNextPage(),
  });

  const skeleton = (
    <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="flex flex-col gap-2">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="bg-muted h-20 animate-pulse rounded-xl" />
      ))}
    </div>
  );
  if (current.isPending) return skeleton;
  if (!current.data) {
    return (
      <EmptyState
        icon={empty.icon}
        title={`Could not load ${label.toLowerCase()}`}
        action={
          <Button variant="outline" onClick={() => void current.refetch()}>
            <RefreshCwIcon aria-hidden="true" /> Try again
          </Button>
        }
      >
        {errorMessage(current.error)}
      </EmptyState>
    );
  }
  const games = current.data.pages.flatMap((page) => page.items);
  const live = games.filter((g) => g.status === 'live');
  const upcoming = games.filter((g) => g.status !== 'live');
  // Spec section 8: a failed list load falls back to empty (the results are the extra part).
  const ended = current.hasNextPage ? [] : (results.data?.pages.flatMap((page) => page.items) ?? []);
  if (games.length === 0 && ended.length === 0) {
    if (results.isPending) return skeleton;
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        {empty.text}
      </EmptyState>
    );
  }
  const group = (title: string, icon: LucideIcon, items: LiveStream[]) =>
    items.length > 0 ? <Group title={title} icon={icon} label={`${label}: ${title.toLowerCase()}`} items={items} aside={aside} /> : null;
  return (
    <div className="flex flex-col gap-5">
      {group('Live now', RadioIcon, live)}
      {group('Upcoming', CalendarClockIcon, upcoming)}
      {group('Recent results', ArchiveIcon, ended)}
      <div ref={sentinelRef} aria-hidden="true" />
      {more.isFetchingNextPage ? (
        <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 text-sm">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin" /> Loading more...
        </p>
      ) : null}
      {more.isFetchNextPageError ? (
        <div className="flex flex-col items-center gap-2 text-sm">
          <p className="text-destructive">{errorMessage(more.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void more.fetchNextPage()}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Group({
  title,
  icon: Icon,
  label,
  items,
  aside,
}: {
  title: string;
  icon: LucideIcon;
  label: string;
  items: LiveStream[];
  aside?: (stream: LiveStream) => React.ReactNode;
}) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-muted-foreground flex items-center gap-1.5 text-sm font-semibold tracking-wide uppercase">
        <Icon aria-hidden="true" className="size-3.5" /> {title}
      </h3>
      {/* Rows with a button beside them need the whole width; plain rows pair up on a laptop. */}
      <ul aria-label={label} className={cn('grid gap-2', aside ? '2xl:grid-cols-2' : 'lg:grid-cols-2')}>
        {items.map((stream) => (
          // min-w-0: a grid item may not grow past its column, so long names truncate instead.
          <li key={stream.streamKey} className="min-w-0">
            <StreamRow stream={stream} aside={aside?.(stream)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
