import type { LiveStream, LiveStreamList } from '@app/contracts/live';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { InfiniteList } from '@/components/infinite-list';
import { StreamRow } from '@/features/live/components/stream-card';

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
  return (
    <InfiniteList
      query={query}
      noun={label.toLowerCase()}
      icon={empty.icon}
      layout="list"
      label={label}
      // Rows with a button beside them need the whole width; plain rows pair up on a laptop.
      className={aside ? '2xl:grid-cols-2' : 'lg:grid-cols-2'}
      itemKey={(stream) => stream.streamKey}
      renderItem={(stream) => <StreamRow stream={stream} aside={aside?.(stream)} />}
      empty={
        <EmptyState icon={empty.icon} title={empty.title} action={empty.action}>
          {empty.text}
        </EmptyState>
      }
    />
  );
}
