import type { ScheduleItemDetail, UpdateScheduleItemBody } from '@app/contracts/schedule';
import { CalendarIcon, CalendarXIcon, MapPinIcon, PencilIcon, RefreshCwIcon, StickyNoteIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { SuccessNotice } from '@/components/success-notice';
import { Button } from '@/components/ui/button';
import { useAnswerRsvp } from '@/features/schedule/api/answer-rsvp';
import { useScheduleItem } from '@/features/schedule/api/get-schedule-item';
import { useChangeScheduleItem } from '@/features/schedule/api/update-schedule-item';
import { CancelledBadge, EndedBadge } from '@/features/schedule/components/cancelled-badge';
import { EventClips } from '@/features/schedule/components/event-clips';
import { GameStream } from '@/features/schedule/components/game-stream';
import { ItemWhen } from '@/features/schedule/components/item-when';
import { OwnerAnswers } from '@/features/schedule/components/owner-answers';
import { RsvpButtons } from '@/features/schedule/components/rsvp-buttons';
import { RsvpCountsLine } from '@/features/schedule/components/rsvp-counts';
import { ScheduleItemForm } from '@/features/schedule/components/schedule-item-form';
import { ScheduleKindIcon } from '@/features/schedule/components/schedule-kind-icon';
import { useIsTeamOwner } from '@/features/schedule/hooks/use-is-team-owner';
import { kindLabel } from '@/features/schedule/utils/labels';
import { fullDate, isOver, localInputValue, viewerTimeRange, zoneLabel } from '@/features/schedule/utils/schedule-time';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="bg-card flex flex-col gap-3 rounded-xl border p-4">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Cancel, after a confirmation that says who is told. */
function CancelItem({ item }: { item: ScheduleItemDetail }) {
  const { cancel } = useChangeScheduleItem(item._id);
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        <CalendarXIcon aria-hidden="true" /> Cancel item
      </Button>
    );
  }
  return (
    <div role="group" aria-label={`Cancel ${item.title}?`} className="flex w-full flex-col gap-2 rounded-lg border p-3 text-sm">
      <p>Cancel {item.title}? It stays on the schedule, struck through, and everyone on the team gets an e-mail.</p>
      <ErrorAlert error={cancel.error} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel item'}
        </Button>
        <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
          Keep it
        </Button>
      </div>
    </div>
  );
}

function ItemView({ item }: { item: ScheduleItemDetail }) {
  const isOwner = useIsTeamOwner();
  const answer = useAnswerRsvp();
  const { update } = useChangeScheduleItem(item._id);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const cancelled = item.status === 'cancelled';
  const over = isOver(item, useNow(60_000));

  async function save(body: UpdateScheduleItemBody) {
    await update.mutateAsync(body);
    setEditing(false);
    setSaved(body.scope === 'following' ? 'Saved for this one and the following ones. Everyone is told.' : 'Saved. Everyone is told of a new time or place.');
  }

  return (
    <Page
      title={item.title}
      description={
        <span className="inline-flex items-center gap-2">
          {kindLabel[item.kind]}
          {item.series ? ' · every week' : null}
          {cancelled ? <CancelledBadge /> : over ? <EndedBadge /> : null}
        </span>
      }
    >
      <SuccessNotice message={saved} />
      <div className="bg-card flex flex-col gap-4 rounded-xl border p-4">
        <div className="flex gap-3">
          <ScheduleKindIcon kind={item.kind} />
          <div className={cn('flex min-w-0 flex-col gap-1', cancelled && 'text-muted-foreground line-through')}>
            <p className="font-medium">{fullDate(item)}</p>
            <p className="text-sm">
              <ItemWhen item={item} />
            </p>
            <p className="text-muted-foreground text-xs">Times in {item.timeZone.replaceAll('_', ' ')}</p>
            {zoneLabel(item.start, item.timeZone) ? <p className="text-muted-foreground text-xs">Your time: {viewerTimeRange(item)}</p> : null}
          </div>
        </div>
        {item.location ? (
          <p className="flex items-start gap-2 text-sm">
            <MapPinIcon aria-hidden="true" className="text-muted-foreground mt-0.5 size-4 shrink-0" />
            <span className="break-words">{item.location}</span>
          </p>
        ) : null}
        {item.notes ? (
          <p className="flex items-start gap-2 text-sm">
            <StickyNoteIcon aria-hidden="true" className="text-muted-foreground mt-0.5 size-4 shrink-0" />
            <span className="break-words whitespace-pre-line">{item.notes}</span>
          </p>
        ) : null}
        {cancelled ? (
          <p className="text-sm">This item was cancelled.</p>
        ) : (
          <div className="flex flex-col gap-2 border-t pt-4">
            {over ? (
              <h2 className="text-sm font-semibold">This {kindLabel[item.kind].toLowerCase()} has ended.</h2>
            ) : (
              <>
                <h2 className="text-sm font-semibold">Are you coming?</h2>
                <RsvpButtons className="sm:max-w-sm" value={item.myRsvp} label="Your answer" onAnswer={(a) => answer.mutate({ id: item._id, answer: a })} />
              </>
            )}
            {answer.isError ? (
              <p role="alert" className="text-destructive text-xs">
                Your answer was not saved. Please try again.
              </p>
            ) : null}
            <RsvpCountsLine counts={item.rsvp} />
          </div>
        )}
        {isOwner && !editing ? (
          <div className="flex flex-wrap gap-2 border-t pt-4">
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setEditing(true);
                setSaved(null);
              }}
            >
              <PencilIcon aria-hidden="true" /> Edit
            </Button>
            {cancelled ? null : <CancelItem item={item} />}
          </div>
        ) : null}
      </div>
      {editing ? (
        <Section title="Edit">
          <ScheduleItemForm
            mode={item.series ? 'edit-series' : 'edit'}
            initial={{
              kind: item.kind,
              title: item.title,
              start: localInputValue(item.start, item.timeZone),
              end: localInputValue(item.end, item.timeZone),
              timeZone: item.timeZone,
              location: item.location,
              notes: item.notes,
              repeat: false,
              until: '',
            }}
            onSubmit={(body) => save(body as UpdateScheduleItemBody)}
            onCancel={() => setEditing(false)}
          />
        </Section>
      ) : null}
      {item.responses ? (
        <Section title="Answers">
          <OwnerAnswers responses={item.responses} />
        </Section>
      ) : null}
      {item.kind === 'game' && !(cancelled && !item.liveKey) ? (
        <Section title="Live stream">
          <GameStream itemId={item._id} liveKey={item.liveKey} isOwner={isOwner} />
        </Section>
      ) : null}
      {item.liveKey ? (
        <Section title="Clips">
          <EventClips liveKey={item.liveKey} />
        </Section>
      ) : null}
    </Page>
  );
}

/** /team/schedule/:eventId: one item, the answers, and the owner's edit and cancel. */
export function Component() {
  const id = useParams().eventId ?? '';
  const query = useScheduleItem(id);
  if (query.isPending) {
    return (
      <Page title="Schedule item">
        <PageLoading />
      </Page>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.statusCode === 404 || query.error.statusCode === 400);
    return (
      <Page title="Schedule item">
        <EmptyState
          icon={CalendarIcon}
          title={missing ? 'Not on your schedule' : 'Could not load this item'}
          action={
            missing ? (
              <Button asChild variant="outline">
                <Link to="/team/schedule">Open the schedule</Link>
              </Button>
            ) : (
              <Button variant="outline" onClick={() => void query.refetch()}>
                <RefreshCwIcon aria-hidden="true" /> Try again
              </Button>
            )
          }
        >
          {missing ? "This item does not exist, or it is not on your team's schedule." : errorMessage(query.error)}
        </EmptyState>
      </Page>
    );
  }
  return <ItemView item={query.data} />;
}
