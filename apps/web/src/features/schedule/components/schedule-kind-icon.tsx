import type { ScheduleKind } from '@app/contracts/schedule';
import { CalendarIcon, DumbbellIcon, TrophyIcon, type LucideIcon } from 'lucide-react';

import { kindLabel } from '@/features/schedule/utils/labels';
import { cn } from '@/lib/utils';

const icons: Record<ScheduleKind, LucideIcon> = { game: TrophyIcon, practice: DumbbellIcon, event: CalendarIcon };
// A game stands out; practices and events stay quiet (the icons tell them apart).
const tints: Record<ScheduleKind, string> = {
  game: 'bg-primary text-primary-foreground',
  practice: 'bg-accent text-accent-foreground',
  event: 'bg-muted text-muted-foreground',
};

/** A schedule item's kind as a tinted icon tile, named for screen readers. */
export function ScheduleKindIcon({ kind, className }: { kind: ScheduleKind; className?: string }) {
  const Icon = icons[kind];
  return (
    <span role="img" aria-label={kindLabel[kind]} title={kindLabel[kind]} className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tints[kind], className)}>
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}
