import type { ScheduleItem } from '@app/contracts/schedule';
import { MapPinIcon, PlayCircleIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { useAnswerRsvp } from '@/features/schedule/api/answer-rsvp';
import { CancelledBadge, EndedBadge } from '@/features/schedule/components/cancelled-badge';
import { ItemWhen } from '@/features/schedule/components/item-when';
import { RsvpButtons } from '@/features/schedule/components/rsvp-buttons';
import { RsvpCountsLine } from '@/features/schedule/components/rsvp-counts';
import { ScheduleKindIcon } from '@/features/schedule/components/schedule-kind-icon';
import { cn } from '@/lib/utils';

/**
 * One item of the schedule: kind, title (opens the item), time, place, who is coming, and my answer as
 * three buttons while it is not over or cancelled; once over it says so, and a streamed game links its recording.
 */
export function ScheduleItemCard({ item, over = false }: { item: ScheduleItem; over?: boolean }) {
  const answer = useAnswerRsvp();
  const cancelled = item.status === 'cancelled';
  return (
    <article aria-labelledby={`item-${item._id}`} className="bg-card flex flex-col gap-3 rounded-xl border p-3 shadow-xs sm:flex-row sm:items-center sm:gap-4 sm:p-4">
      <div className="flex min-w-0 flex-1 gap-3">
        <ScheduleKindIcon kind={item.kind} />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex min-w-0 items-center gap-2">
            <h3 id={`item-${item._id}`} className={cn('min-w-0 truncate font-medium', cancelled && 'text-muted-foreground line-through')}>
              <Link to={`/team/schedule/${encodeURIComponent(item._id)}`} className="focus-visible:ring-ring/50 rounded-sm outline-none hover:underline focus-visible:ring-[3px]">
                {item.title}
              </Link>
            </h3>
            {cancelled ? <CancelledBadge /> : over ? <EndedBadge /> : null}
          </div>
          <p className={cn('text-sm', cancelled && 'text-muted-foreground line-through')}>
            <ItemWhen item={item} />
          </p>
          {item.location ? (
            <p className="text-muted-foreground flex min-w-0 items-center gap-1 text-sm">
              <MapPinIcon aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{item.location}</span>
            </p>
          ) : null}
          {cancelled ? null : <RsvpCountsLine counts={item.rsvp} />}
        </div>
      </div>
      {over && !cancelled && item.liveKey && item.liveStatus === 'ended' ? (
        <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
          <Link to={`/live/archives/${encodeURIComponent(item.liveKey)}`}>
            <PlayCircleIcon aria-hidden="true" /> Watch the recording
          </Link>
        </Button>
      ) : null}
      {cancelled || over ? null : (
        <div className="flex flex-col gap-1 sm:w-72">
          <RsvpButtons value={item.myRsvp} label={`Your answer for ${item.title}`} onAnswer={(a) => answer.mutate({ id: item._id, answer: a })} />
          {answer.isError ? (
            <p role="alert" className="text-destructive text-xs">
              Your answer was not saved. Please try again.
            </p>
          ) : null}
        </div>
      )}
    </article>
  );
}
