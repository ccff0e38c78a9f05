import { SPORTS, toSportCode, type LiveEvent } from '@app/contracts/live';
import { CalendarClockIcon } from 'lucide-react';

import { Page } from '@/components/page';
import { StreamKeyPanel } from '@/features/live/components/stream-key-panel';
import { countdown, eventTitle, formatEventDate } from '@/features/live/utils/event-title';
import { useNow } from '@/lib/use-now';

/** An upcoming game: when, what, a countdown, and for its owner the encoder settings. It turns into the viewer when it goes live. */
export function UpcomingView({ event }: { event: LiveEvent }) {
  const now = useNow(1000);
  const title = eventTitle(event);
  const left = countdown(Date.parse(event.scheduledFor), now);
  const sport = toSportCode(event.sport);
  return (
    <Page width="wide" title={title} description="Upcoming game">
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-x-6">
        <div className="bg-card flex flex-col items-center gap-3 rounded-xl border p-6 text-center">
          {event.thumbnail ? <img src={event.thumbnail} alt="" className="aspect-video w-full max-w-xl rounded-lg object-cover" /> : null}
          <CalendarClockIcon aria-hidden="true" className="text-muted-foreground size-8" />
          <p className="text-muted-foreground text-sm">
            <time dateTime={event.scheduledFor}>{formatEventDate(event.scheduledFor)}</time>
            {sport ? ` · ${SPORTS[sport]}` : null}
            {event.public ? ' · Public' : null}
          </p>
          <p role="timer" aria-label="Starts in" className="text-4xl font-semibold tabular-nums">
            {left ?? 'Starting soon'}
          </p>
          <p className="text-muted-foreground text-sm">
            {left ? 'This page switches to the game when it goes live.' : 'Waiting for the stream to start. This page switches to it by itself.'}
          </p>
        </div>
        {event.owned ? (
          <div className="bg-card rounded-xl border p-4">
            <StreamKeyPanel eventKey={event.key} />
          </div>
        ) : null}
      </div>
    </Page>
  );
}
