import { CalendarClockIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /live/upcoming: scheduled streams. */
export function Component() {
  return (
    <Page title="Upcoming Games" description="Games scheduled to stream.">
      <EmptyState icon={CalendarClockIcon}>Scheduled games will appear here.</EmptyState>
    </Page>
  );
}
