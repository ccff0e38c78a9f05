import { CalendarPlusIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';

import { CopyField } from '@/components/copy-field';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { useCalendarFeed, useRotateCalendarFeed } from '@/features/schedule/api/calendar-feed';

/**
 * "Subscribe to calendar": my private feed (every team's items) as a webcal link that calendar apps
 * open, and its https address to paste; a new address (after a confirmation) makes the old one stop
 * working, for a link shared by mistake.
 */
export function CalendarSubscribe() {
  const [open, setOpen] = useState(false);
  const feed = useCalendarFeed(open);
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  if (!open) {
    return (
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <CalendarPlusIcon aria-hidden="true" /> Subscribe to calendar
      </Button>
    );
  }
  return (
    <section aria-labelledby="calendar-heading" className="bg-card flex flex-col gap-3 rounded-xl border p-4 text-sm">
      <div className="flex items-start justify-between gap-2">
        <h2 id="calendar-heading" className="flex items-center gap-2 font-semibold">
          <CalendarPlusIcon aria-hidden="true" className="size-4" /> Subscribe to calendar
        </h2>
        <Button type="button" variant="ghost" size="sm" className="-my-1" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
      <p className="text-muted-foreground">
        Your teams' games and practices in your calendar app, with your answers, kept up to date. The link is yours alone: anyone who has it sees your schedule.
      </p>
      {feed.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading...
        </p>
      ) : feed.isError ? (
        <ErrorAlert error={feed.error} />
      ) : (
        <>
          <Button asChild className="self-start">
            <a href={feed.data.webcal}>
              <CalendarPlusIcon aria-hidden="true" /> Open in my calendar app
            </a>
          </Button>
          <CopyField label="Calendar link" value={feed.data.webcal} />
          <CopyField label="Web address (Google Calendar: Other calendars, From URL)" value={feed.data.url} />
          {confirming ? (
            <div role="group" aria-label="Make a new calendar link?" className="flex flex-col gap-2 rounded-lg border p-3">
              <p>The current link stops working at once: calendars subscribed with it stop updating and must subscribe again. Make a new link?</p>
              <ErrorAlert error={rotate.error} />
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="destructive"
                  disabled={rotate.isPending}
                  onClick={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
                >
                  {rotate.isPending ? 'Making a new link...' : 'Make a new link'}
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={rotate.isPending} onClick={() => setConfirming(false)}>
                  Keep this link
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(true)}>
                <RefreshCwIcon aria-hidden="true" /> New link
              </Button>
              {rotate.isSuccess ? (
                <p role="status" className="text-muted-foreground text-xs">
                  New link made; the old one no longer works.
                </p>
              ) : null}
            </div>
          )}
        </>
      )}
    </section>
  );
}
