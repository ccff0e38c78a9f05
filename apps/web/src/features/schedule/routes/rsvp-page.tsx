import { RSVP_NOTE_MAX, rsvpAnswer, type RsvpAnswer, type RsvpTokenView } from '@app/contracts/schedule';
import { CircleCheckIcon, LinkIcon, MapPinIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { PageLoading } from '@/components/page-loading';
import { PublicPage } from '@/components/public-page';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAnswerByLink, useAnswerLink } from '@/features/schedule/api/answer-link';
import { CancelledBadge, EndedBadge } from '@/features/schedule/components/cancelled-badge';
import { ItemWhen } from '@/features/schedule/components/item-when';
import { RsvpButtons } from '@/features/schedule/components/rsvp-buttons';
import { ScheduleKindIcon } from '@/features/schedule/components/schedule-kind-icon';
import { answerLabel, kindLabel } from '@/features/schedule/utils/labels';
import { fullDate, isPast } from '@/features/schedule/utils/schedule-time';
import { ApiError } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';

/** The answer buttons, what was recorded, and the note for the coach (saved with the answer). */
function AnswerForm({ token, view, asked }: { token: string; view: RsvpTokenView; asked: RsvpAnswer | null }) {
  const record = useAnswerByLink(token);
  const [note, setNote] = useState(view.myNote ?? '');
  // One automatic answer per page load (effects may run twice; a changed answer is the buttons' job).
  const autoSent = useRef(false);
  useEffect(() => {
    if (!asked || autoSent.current) return;
    autoSent.current = true;
    record.mutate({ answer: asked });
  }, [asked, record]);

  const recorded: RsvpAnswer | null = record.isSuccess ? record.data.myRsvp : view.myRsvp;
  const savedNote = (record.isSuccess ? record.data.myNote : view.myNote) ?? '';
  // While the tapped answer is being sent, it already shows as chosen.
  const shown = record.isPending ? record.variables.answer : recorded;
  const noteSent = record.isSuccess && record.variables.note !== undefined;
  return (
    <>
      <RsvpButtons
        value={shown}
        label="Your answer"
        disabled={record.isPending}
        onAnswer={(answer) => record.mutate({ answer, ...(note.trim() !== savedNote && { note: note.trim() }) })}
      />
      {view.seriesDates !== undefined ? (
        <p className="text-muted-foreground text-sm">
          {view.seriesDates === 1 ? 'Your answer counts for this date.' : `Your answer counts for all ${view.seriesDates} dates of this weekly series still ahead.`}
        </p>
      ) : null}
      <div role="status" className="min-h-5 text-sm">
        {record.isPending ? (
          <span className="text-muted-foreground">Saving your answer...</span>
        ) : recorded && !record.isError ? (
          <span className="flex items-center gap-1.5 font-medium">
            <CircleCheckIcon aria-hidden="true" className="size-4 text-emerald-700 dark:text-emerald-400" />
            Your answer: {answerLabel[recorded]}. {noteSent ? 'Note saved.' : record.isSuccess ? 'Thanks, the coach sees it now.' : 'Tap another to change it.'}
          </span>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="rsvp-note">Note for the coach (optional)</Label>
        <Textarea id="rsvp-note" value={note} maxLength={RSVP_NOTE_MAX} rows={2} placeholder="Running ten minutes late." onChange={(event) => setNote(event.target.value)} />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          disabled={!recorded || record.isPending || note.trim() === savedNote}
          onClick={() => recorded && record.mutate({ answer: recorded, note: note.trim() })}
        >
          Save note
        </Button>
        {recorded ? null : <p className="text-muted-foreground text-xs">Answer first, then add a note.</p>}
      </div>
      <ErrorAlert error={record.error} />
    </>
  );
}

/**
 * /rsvp/{token}?answer=going|maybe|no: where an e-mail's answer links lead, no sign-in needed. The link
 * itself changes nothing (`GET /api/rsvp/{token}` only reads), because mail scanners open every link;
 * the page's script then records the tapped answer with `POST /api/rsvp/{token}`, so one tap in the
 * e-mail is enough (scanners fetch the page but do not run it). The member sees what was recorded and
 * may change it with the buttons, and add a note. A series' link answers every date of it still ahead.
 */
export function Component() {
  const token = useParams().token ?? '';
  const [search] = useSearchParams();
  const asked = rsvpAnswer.safeParse(search.get('answer'));
  const view = useAnswerLink(token);
  const now = useNow(60_000);

  if (view.isPending) return <PageLoading />;
  if (view.isError) {
    const invalid = view.error instanceof ApiError && view.error.statusCode >= 400 && view.error.statusCode < 500;
    return (
      <PublicPage
        title={invalid ? 'This link is not valid' : 'Could not open this link'}
        description={
          invalid
            ? 'It may be incomplete (some mail apps cut long links) or from an older e-mail. Answer on the team schedule instead, or use the link in the newest e-mail.'
            : 'Please try again in a moment.'
        }
      >
        {invalid ? (
          <Button asChild variant="outline">
            <Link to="/team/schedule">
              <LinkIcon aria-hidden="true" /> Open the schedule
            </Link>
          </Button>
        ) : (
          <Button variant="outline" onClick={() => void view.refetch()}>
            Try again
          </Button>
        )}
      </PublicPage>
    );
  }

  const { item, team, name } = view.data;
  const cancelled = item.status === 'cancelled';
  // A series link still answers the dates ahead when this one is over.
  const over = isPast(item, now) && !view.data.seriesDates;
  const closed = (cancelled && !view.data.seriesDates) || over;
  const title = cancelled && closed ? `${item.title} is cancelled` : over ? `${item.title} has ended` : `Are you coming, ${name}?`;
  return (
    <PublicPage title={title} description={`${team} · ${kindLabel[item.kind]}`}>
      <div className="flex gap-3">
        <ScheduleKindIcon kind={item.kind} />
        <div className={cn('flex min-w-0 flex-col gap-0.5 text-sm', cancelled && 'text-muted-foreground')}>
          <p className="flex items-center gap-2 text-base font-semibold">
            <span className={cn('min-w-0 break-words', cancelled && 'line-through')}>{item.title}</span>
            {cancelled ? <CancelledBadge /> : over ? <EndedBadge /> : null}
          </p>
          <p className={cn(cancelled && 'line-through')}>{fullDate(item)}</p>
          <p className={cn(cancelled && 'line-through')}>
            <ItemWhen item={item} />
          </p>
          {item.location ? (
            <p className="text-muted-foreground flex items-start gap-1">
              <MapPinIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              <span className="break-words">{item.location}</span>
            </p>
          ) : null}
          {item.notes ? <p className="text-muted-foreground break-words whitespace-pre-line">{item.notes}</p> : null}
        </div>
      </div>
      {closed ? (
        view.data.myRsvp ? <p className="text-muted-foreground text-sm">Your answer was: {answerLabel[view.data.myRsvp]}.</p> : null
      ) : (
        <AnswerForm token={token} view={view.data} asked={asked.success ? asked.data : null} />
      )}
    </PublicPage>
  );
}
