import { CalendarDaysIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /team/schedule: the team's schedule. */
export function Component() {
  return (
    <Page title="Schedule" description="Upcoming games and team events.">
      <EmptyState icon={CalendarDaysIcon}>Your team's games and events will appear here.</EmptyState>
    </Page>
  );
}
