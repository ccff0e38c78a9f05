import type { ScheduleItem } from '@app/contracts/schedule';
import { Link } from 'react-router';

import { useSchedule } from '@/features/schedule/api/get-schedule';
import { CancelledBadge } from '@/features/schedule/components/cancelled-badge';
import { ScheduleKindIcon } from '@/features/schedule/components/schedule-kind-icon';
import { answerLabel, answerTone } from '@/features/schedule/utils/labels';
import { dayLabel, dayKey, isOver, timeRange, zoneLabel } from '@/features/schedule/utils/schedule-time';
import { errorMessage } from '@/lib/error-message';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';

/** The dashboard shows the next three items. */
const DASHBOARD_ITEMS = 3;

function ItemRow({ item, now }: { item: ScheduleItem; now: number }) {
  const cancelled = item.status === 'cancelled';
  const zone = zoneLabel(item.start, item.timeZone);
  return (
    <Link
      to={`/team/schedule/${encodeURIComponent(item._id)}`}
      className="hover:bg-accent/60 focus-visible:ring-ring/50 -mx-2 flex min-w-0 items-center gap-3 rounded-lg p-2 outline-none focus-visible:ring-[3px]"
    >
      <ScheduleKindIcon kind={item.kind} className="size-8" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className={cn('text-foreground truncate text-sm font-medium', cancelled && 'line-through')}>{item.title}</span>
        <span className="truncate text-xs">
          {dayLabel(dayKey(item.start, item.timeZone), now)} · {timeRange(item)}
          {zone ? ` ${zone}` : null}
        </span>
      </span>
      {cancelled ? (
        <CancelledBadge />
      ) : item.myRsvp ? (
        <span className={cn('shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold', answerTone[item.myRsvp])}>{answerLabel[item.myRsvp]}</span>
      ) : (
        <span className="text-muted-foreground shrink-0 rounded border px-1.5 py-0.5 text-xs">Answer</span>
      )}
    </Link>
  );
}

/** The dashboard's Schedule: the next three items with my answer, each opening its page. */
export function SchedulePreview() {
  const schedule = useSchedule('upcoming');
  const now = useNow(60_000);
  if (schedule.isPending) {
    return (
      <div role="status" aria-label="Loading" className="flex flex-col gap-2">
        {Array.from({ length: DASHBOARD_ITEMS }, (_, i) => (
          <div key={i} className="bg-muted h-10 animate-pulse rounded-lg" />
        ))}
      </div>
    );
  }
  // Said quietly: a dashboard section is not worth an alert.
  if (schedule.isError) return <p>{errorMessage(schedule.error)}</p>;
  const next = schedule.data.filter((item) => !isOver(item, now)).slice(0, DASHBOARD_ITEMS);
  if (next.length === 0) return <p>No games or practices coming up.</p>;
  return (
    <ul className="flex flex-col gap-1" aria-label="Coming up">
      {next.map((item) => (
        <li key={item._id}>
          <ItemRow item={item} now={now} />
        </li>
      ))}
    </ul>
  );
}
