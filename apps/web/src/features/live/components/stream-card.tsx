import type { LiveStream } from '@app/contracts/live';
import { ArchiveIcon, CalendarClockIcon, EyeIcon, RadioIcon } from 'lucide-react';
import { Link } from 'react-router';

import { formatEventDate, streamTeamsAndSport, streamTitle } from '@/features/live/utils/event-title';
import { cn } from '@/lib/utils';

/** Where a stream opens: the viewer while live, its details while upcoming, its recording once ended. */
export function streamPath(stream: Pick<LiveStream, 'status' | 'streamKey'>): string {
  const key = encodeURIComponent(stream.streamKey);
  if (stream.status === 'live') return `/live/${key}`;
  if (stream.status === 'upcoming') return `/live/upcoming/${key}`;
  return `/live/archives/${key}`;
}

export function LiveBadge({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase', className)}>
      <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-white" />
      Live
    </span>
  );
}

export function ViewerCount({ viewers, className }: { viewers: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs tabular-nums', className)}>
      <EyeIcon aria-hidden="true" className="size-3.5" />
      {viewers} {viewers === 1 ? 'viewer' : 'viewers'}
    </span>
  );
}

/** The game live now: LIVE badge, viewers, title or "teamA vs teamB", start; opens the viewer. */
export function LiveStreamCard({ stream }: { stream: LiveStream }) {
  const title = streamTitle(stream);
  return (
    <Link
      to={streamPath(stream)}
      className="group bg-card focus-visible:ring-ring/50 relative flex flex-col overflow-hidden rounded-xl border shadow-sm outline-none focus-visible:ring-[3px] sm:flex-row"
    >
      <div className="bg-muted relative aspect-video sm:w-72 sm:shrink-0">
        {stream.thumbnail ? (
          <img src={stream.thumbnail} alt="" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-red-950 to-neutral-900">
            <RadioIcon aria-hidden="true" className="size-10 text-white/70" />
          </div>
        )}
        <LiveBadge className="absolute top-2 left-2" />
        <ViewerCount viewers={stream.viewers} className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-white" />
      </div>
      <div className="flex min-w-0 flex-col justify-center gap-1 p-4">
        <span className="text-muted-foreground text-xs font-medium tracking-wide uppercase">Live now</span>
        <span title={title} className="line-clamp-2 text-lg leading-tight font-semibold break-words group-hover:underline">
          {title}
        </span>
        <span className="text-sm font-medium">{streamTeamsAndSport(stream)}</span>
        <span className="text-muted-foreground text-sm">
          Started <time dateTime={stream.dateTime}>{formatEventDate(stream.dateTime)}</time>
        </span>
      </div>
    </Link>
  );
}

/** A game that ended: its recording and highlights open from here. */
function FinalBadge({ className }: { className?: string }) {
  return <span className={cn('rounded bg-neutral-900/80 px-1.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase', className)}>Final</span>;
}

/** A game in a list: thumbnail, title, teams and sport, date; a LIVE badge when it is on now, FINAL once it ended. */
export function StreamRow({ stream, aside }: { stream: LiveStream; /** Beside the link, e.g. a Follow button. */ aside?: React.ReactNode }) {
  const title = streamTitle(stream);
  return (
    <div className="bg-card flex items-center gap-3 rounded-xl border p-2 pr-3 shadow-xs">
      <Link
        to={streamPath(stream)}
        className="focus-visible:ring-ring/50 flex min-w-0 flex-1 items-center gap-3 rounded-lg outline-none focus-visible:ring-[3px]"
      >
        <div className="bg-muted relative aspect-video w-28 shrink-0 overflow-hidden rounded-md sm:w-36">
          {stream.thumbnail ? (
            <img src={stream.thumbnail} alt="" loading="lazy" className="size-full object-cover" />
          ) : (
            <div className="text-muted-foreground flex size-full items-center justify-center">
              <PlaceholderIcon status={stream.status} />
            </div>
          )}
          {stream.status === 'live' ? <LiveBadge className="absolute top-1 left-1" /> : null}
          {stream.status === 'ended' ? <FinalBadge className="absolute top-1 left-1" /> : null}
        </div>
        <div className="flex min-w-0 flex-col gap-0.5">
          <span title={title} className="truncate font-medium">
            {title}
          </span>
          <span className="truncate text-sm">{streamTeamsAndSport(stream)}</span>
          <span className="text-muted-foreground text-sm">
            <time dateTime={stream.dateTime}>{formatEventDate(stream.dateTime)}</time>
          </span>
          {stream.status === 'live' ? <ViewerCount viewers={stream.viewers} className="text-muted-foreground" /> : null}
        </div>
      </Link>
      {aside}
    </div>
  );
}

function PlaceholderIcon({ status }: { status: LiveStream['status'] }) {
  const Icon = status === 'live' ? RadioIcon : status === 'ended' ? ArchiveIcon : CalendarClockIcon;
  return <Icon aria-hidden="true" className="size-6" />;
}
