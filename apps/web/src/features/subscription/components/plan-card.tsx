import { subscriptionItem, type Plan, type SubscriptionItem } from '@app/contracts/billing';
import { CircleAlertIcon, CreditCardIcon, ExternalLinkIcon, Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useCancelLocal } from '@/features/subscription/api/cancel-local';
import { usePlans } from '@/features/subscription/api/get-plans';
import { usePortal } from '@/features/subscription/api/get-portal';
import { useUsage } from '@/features/subscription/api/get-usage';
import { useLevel } from '@/lib/subscription/level-context';
import { cn } from '@/lib/utils';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** "June 14, 2025" (in the reader's locale); undefined when the server does not know the date. */
export function formatPlanDate(value: string | null) {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : dateFormat.format(date);
}

const statusLabels: Record<string, string> = { active: 'Active', trialing: 'Trial', past_due: 'Past due' };

function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        status === 'past_due'
          ? 'bg-destructive/10 text-destructive'
          : 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
      )}
    >
      {statusLabels[status] ?? status.replace(/_/g, ' ')}
    </span>
  );
}

/** 'Renews on ...', or 'Ends on ...' once cancelled at the period end. */
function periodLine(item: SubscriptionItem) {
  const end = formatPlanDate(item.currentPeriodEnd);
  if (!end) return undefined;
  return item.cancelAtPeriodEnd ? `Ends on ${end}` : `Renews on ${end}`;
}

function LocalCancel({ planName }: { planName: string }) {
  const cancel = useCancelLocal();
  const [confirming, setConfirming] = useState(false);

  if (!confirming) {
    return (
      <Button type="button" variant="outline" className="sm:w-auto sm:justify-self-start" onClick={() => setConfirming(true)}>
        Cancel subscription
      </Button>
    );
  }
  return (
    <div role="group" aria-labelledby="cancel-plan-question" className="bg-muted/50 grid gap-3 rounded-lg border p-3">
      <p id="cancel-plan-question" className="text-sm">
        End your {planName} plan now? Test-mode plans end at once.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="destructive"
          size="sm"
          disabled={cancel.isPending}
          aria-busy={cancel.isPending || undefined}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
          Yes, cancel
        </Button>
        <Button type="button" variant="ghost" size="sm" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
          Keep plan
        </Button>
      </div>
      <ErrorAlert error={cancel.error} />
    </div>
  );
}

function ManageBilling() {
  const portal = usePortal();
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="sm:w-auto sm:justify-self-start"
        disabled={portal.isPending || portal.isSuccess}
        aria-busy={portal.isPending || portal.isSuccess || undefined}
        // Stripe's portal is a page of its own: go there in this tab, as the portal returns here.
        onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
      >
        {portal.isPending || portal.isSuccess ? (
          <Loader2Icon aria-hidden="true" className="animate-spin" />
        ) : (
          <ExternalLinkIcon aria-hidden="true" />
        )}
        Manage billing
      </Button>
      <ErrorAlert error={portal.error} />
    </div>
  );
}

function CurrentPlan({ item, plan }: { item: SubscriptionItem; plan: Plan | undefined }) {
  const name = plan?.name ?? item.type.charAt(0).toUpperCase() + item.type.slice(1);
  const period = periodLine(item);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="grid gap-1">
          <p className="flex items-center gap-2 text-base font-semibold">
            {name}
            <StatusBadge status={item.status} />
          </p>
          {period ? <p className="text-muted-foreground text-sm">{period}</p> : null}
        </div>
        {/* The display prices are the built-in table's; Stripe's real price is in its portal. */}
        {item.provider === 'local' && plan ? (
          <p className="text-sm">
            <span className="font-semibold">{plan.price}</span>
            <span className="text-muted-foreground"> / {plan.interval}</span>
          </p>
        ) : null}
      </div>
      {item.status === 'past_due' ? (
        <p className="text-destructive flex items-start gap-2 text-sm">
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The last payment failed. Update your card in Manage billing to keep your plan.
        </p>
      ) : null}
      {item.provider === 'local' ? <LocalCancel planName={name} /> : <ManageBilling />}
    </div>
  );
}

function NoPlan() {
  const level = useLevel();
  // /subscribe is for level none; a team or athlete in their trial gets their own table instead.
  const to = level === 'team' || level === 'athlete' ? `/register/subscribe/${level}` : paths.subscribe;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <p className="text-base font-semibold">No subscription</p>
        <p className="text-muted-foreground text-sm">Choose a plan for uploads, live games, clips and the library.</p>
      </div>
      <Button asChild className="sm:w-auto sm:justify-self-start">
        <Link to={to}>See plans</Link>
      </Button>
    </div>
  );
}

/** Settings: the current plan and its state, with cancel (test billing) or Stripe's billing portal. */
export function PlanCard() {
  const usage = useUsage();
  const plans = usePlans();
  // The usage items are the billing module's subscription items; parse the one that counts.
  const parsed = subscriptionItem.safeParse(usage.data?.items[0]);
  const item = parsed.success ? parsed.data : undefined;
  const plan = plans.data?.plans.find((p) => p.type === item?.type);
  const testMode = item ? item.provider === 'local' || (plans.data?.provider === 'stripe' && plans.data.testMode) : plans.data?.testMode;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCardIcon aria-hidden="true" className="text-muted-foreground size-4" />
          <h3>Your plan</h3>
        </CardTitle>
        <CardDescription>What you pay for, and when it renews.</CardDescription>
        {testMode ? (
          <CardAction>
            <span className="rounded-full border border-amber-500/40 bg-amber-500/10 px-2 py-0.5 text-xs font-medium text-amber-700 dark:text-amber-300">
              Test mode
            </span>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent>
        {usage.isPending ? (
          <p role="status" className="text-muted-foreground min-h-12 text-sm">
            Loading...
          </p>
        ) : usage.isError && !usage.data ? (
          <div className="grid gap-2">
            <ErrorAlert error={usage.error} />
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={usage.isFetching}
              onClick={() => void usage.refetch()}
            >
              Try again
            </Button>
          </div>
        ) : item ? (
          <CurrentPlan item={item} plan={plan} />
        ) : (
          <NoPlan />
        )}
      </CardContent>
    </Card>
  );
}
