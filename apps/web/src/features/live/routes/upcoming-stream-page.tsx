import { CalendarClockIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /live/upcoming/:streamId: one scheduled stream. */
export function Component() {
  return (
    <Page title="Upcoming Game">
      <EmptyState icon={CalendarClockIcon}>The game's details will appear here.</EmptyState>
    </Page>
  );
}
