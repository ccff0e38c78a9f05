import type { LiveStream, LiveStreamList } from '@app/contracts/live';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Loader2Icon, RefreshCwIcon, type LucideIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { StreamRow } from '@/features/live/components/stream-card';
import { errorMessage } from '@/lib/error-message';
import { useInfiniteScroll } from '@/lib/use-infinite-scroll';
import { cn } from '@/lib/utils';

type StreamListProps = {
  query: UseInfiniteQueryResult<InfiniteData<LiveStreamList>>;
  /** Accessible name of the list. */
  label: string;
  empty: { icon: LucideIcon; title: string; text: React.ReactNode; action?: React.ReactNode };
  /** Beside each row (a Follow button). */
  aside?: (stream: LiveStream) => React.ReactNode;
};

/** A paged list of games (upcoming, archives, search results): loading, error, empty, the next page on scroll. */
export function StreamList({ query, label, empty, aside }: StreamListProps) {
  const sentinelRef = useInfiniteScroll({
    hasMore: query.hasNextPage,
    // Not after a failed page either: the button below retries it, scrolling must not hammer.
    loading: query.isFetchingNextPage || query.isFetchNextPageError,
    onLoadMore: () => void query.fetchNextPage(),
  });

  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="flex flex-col gap-2">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="bg-muted h-20 animate-pulse rounded-xl" />
        ))}
      </div>
    );
  }
  if (!query.data) {
    return (
      <EmptyState
        icon={empty.icon}
        title={`Could not load ${label.toLowerCase()}`}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCwIcon aria-hidden="true" /> Try again
          </Button>
        }
      >
        {errorMessage(query.error)}
      </EmptyState>
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title} action={empty.action}>
        {empty.text}
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {/* Rows with a button beside them need the whole width; plain rows pair up on a laptop. */}
      <ul aria-label={label} className={cn('grid gap-2', aside ? '2xl:grid-cols-2' : 'lg:grid-cols-2')}>
        {items.map((stream) => (
          // min-w-0: a grid item may not grow past its column, so long names truncate instead.
          <li key={stream.streamKey} className="min-w-0">
            <StreamRow stream={stream} aside={aside?.(stream)} />
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} aria-hidden="true" />
      {query.isFetchingNextPage ? (
        <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 text-sm">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin" /> Loading more...
        </p>
      ) : null}
      {query.isFetchNextPageError ? (
        <div className="flex flex-col items-center gap-2 text-sm">
          <p className="text-destructive">{errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
