import { CalendarIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /team/schedule/:eventId: one scheduled event. */
export function Component() {
  return (
    <Page title="Event">
      <EmptyState icon={CalendarIcon}>The event's details will appear here.</EmptyState>
    </Page>
  );
}
