import type { ScheduleItem } from '@app/contracts/schedule';

import { ScheduleItemCard } from '@/features/schedule/components/schedule-item-card';
import { dayLabel, groupByDay, isOver } from '@/features/schedule/utils/schedule-time';
import { useNow } from '@/lib/use-now';

const MINUTE_MS = 60_000;

/** Items under a heading per day (each on its venue's calendar); the past ones newest first. */
export function ScheduleDays({ items, past = false }: { items: readonly ScheduleItem[]; past?: boolean }) {
  const now = useNow(MINUTE_MS);
  const days = groupByDay(items);
  if (past) days.reverse();
  return (
    <div className="flex flex-col gap-5">
      {days.map(({ day, items: dayItems }) => (
        <section key={day} aria-labelledby={`day-${past ? 'past' : 'next'}-${day}`} className="flex flex-col gap-2">
          <h2 id={`day-${past ? 'past' : 'next'}-${day}`} className="text-muted-foreground text-sm font-semibold">
            {dayLabel(day, now)}
          </h2>
          <ul className="flex flex-col gap-2">
            {(past ? [...dayItems].reverse() : dayItems).map((item) => (
              <li key={item._id}>
                <ScheduleItemCard item={item} over={past || isOver(item, now)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
