import type { LiveStream, LiveStreamList } from '@app/contracts/live';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ArchiveIcon, CalendarClockIcon, RadioIcon, type LucideIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { InfiniteListFailed, InfiniteListFooter, InfiniteListLoading } from '@/components/infinite-list';
import { StreamRow } from '@/features/live/components/stream-card';
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
  const noun = label.toLowerCase();
  if (current.isPending) return <InfiniteListLoading noun={noun} layout="list" />;
  if (!current.data) return <InfiniteListFailed query={current} noun={noun} icon={empty.icon} />;
  const games = current.data.pages.flatMap((page) => page.items);
  const live = games.filter((g) => g.status === 'live');
  const upcoming = games.filter((g) => g.status !== 'live');
  // A failed list load falls back to empty (the results are the extra part).
  const ended = current.hasNextPage ? [] : (results.data?.pages.flatMap((page) => page.items) ?? []);
  if (games.length === 0 && ended.length === 0) {
    if (results.isPending) return <InfiniteListLoading noun={noun} layout="list" />;
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
      {/* The next page is the current list's until it ends, then the results'. */}
      <InfiniteListFooter query={current.hasNextPage ? current : results} noun={noun} />
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
