import { rsvpAnswer, type RsvpAnswer } from '@app/contracts/schedule';
import { CircleCheckIcon, LinkIcon, MapPinIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { PageLoading } from '@/components/page-loading';
import { PublicPage } from '@/components/public-page';
import { ScheduleKindIcon } from '@/components/schedule-kind-icon';
import { Button } from '@/components/ui/button';
import { useAnswerByLink, useAnswerLink } from '@/features/schedule/api/answer-link';
import { CancelledBadge } from '@/components/cancelled-badge';
import { ItemWhen } from '@/features/schedule/components/item-when';
import { RsvpButtons } from '@/features/schedule/components/rsvp-buttons';
import { ApiError } from '@/lib/api-client';
import { answerLabel, kindLabel } from '@/lib/schedule/labels';
import { fullDate } from '@/lib/schedule/schedule-time';
import { cn } from '@/lib/utils';

/**
 * /rsvp/{token}?answer=going|maybe|no: where an e-mail's answer links lead, no sign-in needed. The link
 * itself changes nothing (`GET /api/rsvp/{token}` only reads), because mail scanners open every link;
 * the page's script then records the tapped answer with `POST /api/rsvp/{token}`, so one tap in the
 * e-mail is enough (scanners fetch the page but do not run it). The member sees what was recorded and
 * may change it with the buttons.
 */
export function Component() {
  const token = useParams().token ?? '';
  const [search] = useSearchParams();
  const asked = rsvpAnswer.safeParse(search.get('answer'));
  const view = useAnswerLink(token);
  const record = useAnswerByLink(token);
  // One automatic answer per page load (effects may run twice; a changed answer is the buttons' job).
  const autoSent = useRef(false);

  const cancelled = view.data?.item.status === 'cancelled';
  useEffect(() => {
    if (!view.isSuccess || cancelled || !asked.success || autoSent.current) return;
    autoSent.current = true;
    record.mutate(asked.data);
  }, [view.isSuccess, cancelled, asked.success, asked.data, record]);

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

  const { item, team, name, myRsvp } = view.data;
  const recorded: RsvpAnswer | null = record.isSuccess ? record.data.myRsvp : myRsvp;
  // While the tapped answer is being sent, it already shows as chosen.
  const shown = record.isPending ? record.variables : recorded;
  return (
    <PublicPage title={cancelled ? `${item.title} is cancelled` : `Are you coming, ${name}?`} description={`${team} · ${kindLabel[item.kind]}`}>
      <div className="flex gap-3">
        <ScheduleKindIcon kind={item.kind} />
        <div className={cn('flex min-w-0 flex-col gap-0.5 text-sm', cancelled && 'text-muted-foreground')}>
          <p className="flex items-center gap-2 text-base font-semibold">
            <span className={cn('min-w-0 break-words', cancelled && 'line-through')}>{item.title}</span>
            {cancelled ? <CancelledBadge /> : null}
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
      {cancelled ? null : (
        <>
          <RsvpButtons value={shown} label="Your answer" disabled={record.isPending} onAnswer={(answer) => record.mutate(answer)} />
          <div role="status" className="min-h-5 text-sm">
            {record.isPending ? (
              <span className="text-muted-foreground">Saving your answer...</span>
            ) : recorded && !record.isError ? (
              <span className="flex items-center gap-1.5 font-medium">
                <CircleCheckIcon aria-hidden="true" className="size-4 text-emerald-700 dark:text-emerald-400" />
                Your answer: {answerLabel[recorded]}. {record.isSuccess ? 'Thanks, the coach sees it now.' : 'Tap another to change it.'}
              </span>
            ) : null}
          </div>
          <ErrorAlert error={record.error} />
        </>
      )}
    </PublicPage>
  );
}
