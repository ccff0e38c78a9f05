import { ArchiveIcon, CalendarClockIcon, RadioIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { SectionCard } from '@/components/section-card';

/** The live index (spec section 2 "Live page"), also shown at /events: live now, then what's coming. */
export function LiveOverview() {
  return (
    <div className="flex flex-col gap-4">
      <EmptyState icon={RadioIcon} title="Nothing live right now">
        When your team goes live, the game will appear here.
      </EmptyState>
      <div className="grid gap-4 sm:grid-cols-2">
        <SectionCard title="Upcoming Games" to="/live/upcoming" icon={CalendarClockIcon}>
          Scheduled games will appear here.
        </SectionCard>
        <SectionCard title="Archives" to="/live/archives" icon={ArchiveIcon}>
          Recordings of past games will appear here.
        </SectionCard>
      </div>
    </div>
  );
}
