import { CalendarClockIcon } from 'lucide-react';

import { Page } from '@/components/page';
import { useStreamPages } from '@/features/live/api/live-lists';
import { StreamList } from '@/features/live/components/stream-list';

/** /live/upcoming: scheduled games, soonest first, the next page on scroll. */
export function Component() {
  const query = useStreamPages('upcoming');
  return (
    <Page width="wide" title="Upcoming Games" description="Games scheduled to stream.">
      <StreamList
        query={query}
        label="Upcoming games"
        empty={{ icon: CalendarClockIcon, title: 'No games scheduled', text: 'Scheduled games will appear here.' }}
      />
    </Page>
  );
}
