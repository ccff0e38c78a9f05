import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Loader2Icon, RefreshCwIcon, type LucideIcon } from 'lucide-react';
import { Fragment } from 'react';

import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useInfiniteScroll } from '@/lib/use-infinite-scroll';
import { cn } from '@/lib/utils';

/** A list paged by cursor, as `useInfiniteList` gives it. */
type InfiniteListQuery<TItem> = UseInfiniteQueryResult<InfiniteData<{ items: TItem[] }>>;

/** Cards fill two columns on a phone and more on wider screens; rows take the whole width. */
export type InfiniteListLayout = 'grid' | 'list';

const LAYOUT = {
  grid: { list: 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5', item: 'flex', body: 'gap-4', placeholders: 6 },
  // min-w-0: a grid item may not grow past its column, so long names truncate instead.
  list: { list: 'grid gap-2', item: 'min-w-0', body: 'gap-3', placeholders: 3 },
} as const;

type InfiniteListProps<TItem> = {
  query: InfiniteListQuery<TItem>;
  /** What the list holds, in lower case ("clips", "upcoming games"): it names the loading and failure states. */
  noun: string;
  /** The failure state's icon. */
  icon: LucideIcon;
  layout: InfiniteListLayout;
  /** Shown instead of the list when it has no items: what will appear here, and how to add some. */
  empty: React.ReactNode;
  /** One placeholder card while the first page loads (rows have a plain one). */
  placeholder?: React.ReactNode;
  itemKey: (item: TItem) => string;
  renderItem: (item: TItem) => React.ReactNode;
  /** The accessible name of the list. */
  label?: string;
  /** Added to the list's classes: more columns on wide screens. */
  className?: string;
};

/**
 * A list that pages on scroll: placeholders while the first page loads, its failure with a retry, the
 * empty state, then the items, with a loading row and a failed-page row (Load more) at the end.
 */
export function InfiniteList<TItem>({ query, noun, icon, layout, empty, placeholder, itemKey, renderItem, label, className }: InfiniteListProps<TItem>) {
  const { list, item, body } = LAYOUT[layout];
  if (query.isPending) return <InfiniteListLoading noun={noun} layout={layout} placeholder={placeholder} className={className} />;
  // A failed next page also puts the query in error, but keeps the pages already shown.
  if (!query.data) return <InfiniteListFailed query={query} noun={noun} icon={icon} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return empty;
  return (
    <div className={cn('flex flex-col', body)}>
      <ul aria-label={label} className={cn(list, className)}>
        {items.map((entry) => (
          <li key={itemKey(entry)} className={item}>
            {renderItem(entry)}
          </li>
        ))}
      </ul>
      <InfiniteListFooter query={query} noun={noun} />
    </div>
  );
}

type LoadingProps = { noun: string; layout: InfiniteListLayout; placeholder?: React.ReactNode; className?: string };

/** Placeholders in the list's own layout while its first page loads. */
export function InfiniteListLoading({ noun, layout, placeholder, className }: LoadingProps) {
  const { list, placeholders } = LAYOUT[layout];
  return (
    <div role="status" aria-label={`Loading ${noun}`} className={layout === 'grid' ? cn(list, className) : 'flex flex-col gap-2'}>
      {Array.from({ length: placeholders }, (_, i) => (
        <Fragment key={i}>{placeholder ?? <div className="bg-muted h-20 animate-pulse rounded-xl" />}</Fragment>
      ))}
    </div>
  );
}

type FailedProps = { query: Pick<InfiniteListQuery<unknown>, 'error' | 'refetch'>; noun: string; icon: LucideIcon };

/** The first page failed: why, and Try again. */
export function InfiniteListFailed({ query, noun, icon }: FailedProps) {
  return (
    <EmptyState
      icon={icon}
      title={`Could not load ${noun}`}
      action={
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCwIcon aria-hidden="true" /> Try again
        </Button>
      }
    >
      <span role="alert">{errorMessage(query.error)}</span>
    </EmptyState>
  );
}

type FooterProps = {
  query: Pick<InfiniteListQuery<unknown>, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage' | 'error'>;
  noun: string;
};

/** Under the last item: the next page when this comes into view, then a loading row, or the failure with Load more. */
export function InfiniteListFooter({ query, noun }: FooterProps) {
  const sentinelRef = useInfiniteScroll({
    hasMore: query.hasNextPage,
    // Not after a failed page either: Load more retries it, scrolling must not hammer.
    loading: query.isFetchingNextPage || query.isFetchNextPageError,
    onLoadMore: () => void query.fetchNextPage(),
  });
  return (
    <>
      <div ref={sentinelRef} aria-hidden="true" />
      {query.isFetchingNextPage ? (
        <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 text-sm">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin" /> Loading more {noun}...
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
    </>
  );
}
