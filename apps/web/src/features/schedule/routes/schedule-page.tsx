import type { CreateScheduleItemBody } from '@app/contracts/schedule';
import { CalendarDaysIcon, ChevronDownIcon, ChevronUpIcon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { SuccessNotice } from '@/components/success-notice';
import { Button } from '@/components/ui/button';
import { useCreateScheduleItem } from '@/features/schedule/api/create-schedule-item';
import { useSchedule } from '@/features/schedule/api/get-schedule';
import { CalendarSubscribe } from '@/features/schedule/components/calendar-subscribe';
import { ScheduleDays } from '@/features/schedule/components/schedule-days';
import { ScheduleItemForm } from '@/features/schedule/components/schedule-item-form';
import { useIsTeamOwner } from '@/features/schedule/hooks/use-is-team-owner';
import { emptyScheduleForm } from '@/features/schedule/utils/schedule-form';
import { isPast, viewerZone } from '@/features/schedule/utils/schedule-time';
import { errorMessage } from '@/lib/error-message';
import { useNow } from '@/lib/use-now';

const MINUTE_MS = 60_000;

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-2">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="bg-muted h-24 animate-pulse rounded-xl" />
      ))}
    </div>
  );
}

/** The past items, loaded when first shown. */
function PastItems() {
  const past = useSchedule('past');
  const now = useNow(MINUTE_MS);
  if (past.isPending) return <ListSkeleton />;
  if (past.isError) return <p role="alert" className="text-destructive text-sm">{errorMessage(past.error)}</p>;
  const items = past.data.filter((item) => isPast(item, now));
  if (items.length === 0) return <p className="text-muted-foreground text-sm">Nothing in the last months.</p>;
  return <ScheduleDays items={items} past />;
}

/** /team/schedule: the coming weeks by day, my answers, the owner's New item form, the calendar feed. */
export function Component() {
  const upcoming = useSchedule('upcoming');
  const isOwner = useIsTeamOwner();
  const create = useCreateScheduleItem();
  const now = useNow(MINUTE_MS);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [showPast, setShowPast] = useState(false);
  const items = upcoming.data?.filter((item) => !isPast(item, now)) ?? [];

  async function add(body: CreateScheduleItemBody) {
    await create.mutateAsync(body);
    setAdding(false);
    setAdded(body.repeat ? `${body.title} added, every week until ${body.repeat.until}.` : `${body.title} added.`);
  }

  return (
    <Page
      title="Schedule"
      description="Games, practices and events, and who is coming."
      actions={
        isOwner && !adding ? (
          <Button
            size="sm"
            onClick={() => {
              setAdding(true);
              setAdded(null);
            }}
          >
            <PlusIcon aria-hidden="true" /> New item
          </Button>
        ) : null
      }
    >
      <SuccessNotice message={added} />
      {adding ? (
        <section aria-labelledby="new-item-heading" className="bg-card flex flex-col gap-3 rounded-xl border p-4">
          <h2 id="new-item-heading" className="font-semibold">
            New item
          </h2>
          <ScheduleItemForm
            mode="new"
            // The owner's own clock first: a game set up on /live may have taken UTC, no place's clock.
            initial={emptyScheduleForm(viewerZone())}
            onSubmit={(body) => add(body as CreateScheduleItemBody)}
            onCancel={() => setAdding(false)}
          />
        </section>
      ) : null}
      <div>
        <CalendarSubscribe />
      </div>
      {upcoming.isPending ? (
        <ListSkeleton />
      ) : upcoming.isError ? (
        <EmptyState
          icon={CalendarDaysIcon}
          title="Could not load the schedule"
          action={
            <Button variant="outline" onClick={() => void upcoming.refetch()}>
              <RefreshCwIcon aria-hidden="true" /> Try again
            </Button>
          }
        >
          {errorMessage(upcoming.error)}
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={CalendarDaysIcon} title="Nothing on the schedule">
          {isOwner ? 'Add your next game or practice with New item: your team gets an e-mail and answers with one tap.' : "Your team's games and practices will appear here."}
        </EmptyState>
      ) : (
        <ScheduleDays items={items} />
      )}
      <section aria-label="Past items" className="flex flex-col gap-3 border-t pt-4">
        <Button variant="ghost" size="sm" className="self-start" aria-expanded={showPast} onClick={() => setShowPast((s) => !s)}>
          {showPast ? <ChevronUpIcon aria-hidden="true" /> : <ChevronDownIcon aria-hidden="true" />}
          {showPast ? 'Hide past items' : 'Show past items'}
        </Button>
        {showPast ? <PastItems /> : null}
      </section>
    </Page>
  );
}
