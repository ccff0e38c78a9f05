import { RadioIcon, RefreshCwIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { useLiveEvent } from '@/features/live/api/get-live-event';
import { LiveView, type LiveTaggingSlot } from '@/features/live/components/live-view';
import { UpcomingView } from '@/features/live/components/upcoming-view';
import { useLiveUpdates } from '@/features/live/hooks/use-live-updates';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/** Which page the event was opened from: the viewer, the upcoming game's details, or the archive. */
export type EventPageMode = 'live' | 'upcoming' | 'archive';

const pageTitle: Record<EventPageMode, string> = { live: 'Live Game', upcoming: 'Upcoming Game', archive: 'Archived Game' };

/**
 * One event at /live/{key}, /live/upcoming/{key} or /live/archives/{key}, the same on each: its page
 * follows its status as the server pushes it (within a second; else refetched every 30 s): the
 * countdown until it starts, then the live viewer, then the archive.
 */
export function EventPage({ eventKey, mode, tagging }: { eventKey: string; mode: EventPageMode; tagging?: LiveTaggingSlot }) {
  const query = useLiveEvent(eventKey);
  useLiveUpdates(eventKey);
  if (query.isPending) {
    return (
      <Page title={pageTitle[mode]}>
        <PageLoading />
      </Page>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.statusCode === 404;
    return (
      <Page title={pageTitle[mode]}>
        <EmptyState
          icon={RadioIcon}
          title={missing ? 'Game not found' : 'Could not load the game'}
          action={
            missing ? null : (
              <Button variant="outline" onClick={() => void query.refetch()}>
                <RefreshCwIcon aria-hidden="true" /> Try again
              </Button>
            )
          }
        >
          {missing ? 'This game does not exist, or it is not shared with you.' : errorMessage(query.error)}
        </EmptyState>
      </Page>
    );
  }
  const event = query.data;
  if (event.status === 'upcoming') return <UpcomingView event={event} />;
  return <LiveView event={event} tagging={tagging} />;
}
