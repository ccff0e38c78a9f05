import { GlobeIcon } from 'lucide-react';

import { timeRange, zoneLabel } from '@/features/schedule/utils/schedule-time';

type Timed = { start: string; end: string; timeZone: string };

/** '6:00 – 7:30 PM', and the venue's zone ('EST') when the viewer's clock reads otherwise then. */
export function ItemWhen({ item }: { item: Timed }) {
  const zone = zoneLabel(item.start, item.timeZone);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <time dateTime={item.start} className="tabular-nums">
        {timeRange(item)}
      </time>
      {zone ? (
        <span title={item.timeZone} className="text-muted-foreground inline-flex items-center gap-0.5 text-xs">
          <GlobeIcon aria-hidden="true" className="size-3" />
          {zone}
          <span className="sr-only"> ({item.timeZone})</span>
        </span>
      ) : null}
    </span>
  );
}
