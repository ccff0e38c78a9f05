import type { Plan, PlanType } from '@app/contracts/billing';
import { CheckIcon, CircleAlertIcon, FlaskConicalIcon, Loader2Icon } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePlans } from '@/features/subscription/api/get-plans';
import { useUsage } from '@/features/subscription/api/get-usage';
import { useSubscribeLocal } from '@/features/subscription/api/subscribe-local';
import { StripePricingTable } from '@/features/subscription/components/stripe-pricing-table';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { pageLeft } from '@/lib/shown-page';
import { cn } from '@/lib/utils';

/** Where a new plan leads: the team dashboard for teams and athletes, the live page for fans. */
export function afterSubscribePath(type: PlanType) {
  return type === 'fan' ? paths.live : paths.team;
}

/** The registration step that creates the product record the server asks for (409). */
function registrationStep(type: PlanType) {
  return `${paths.register}/${type === 'team' ? 'coach' : type}`;
}

/** The user's own type first (the table is chosen by type), the rest in server order. */
function ownTypeFirst(plans: readonly Plan[], type: PlanType) {
  return [...plans].sort((a, b) => Number(b.type === type) - Number(a.type === type));
}

function PricingSkeleton() {
  return (
    <div className="grid gap-3 @xl:grid-cols-3">
      <span role="status" className="sr-only">
        Loading plans...
      </span>
      {[0, 1, 2].map((n) => (
        <div key={n} aria-hidden="true" className="bg-muted/60 h-44 animate-pulse rounded-xl border" />
      ))}
    </div>
  );
}

type PlanOptionProps = {
  plan: Plan;
  recommended: boolean;
  current: boolean;
  pending: boolean;
  disabled: boolean;
  onSubscribe: () => void;
};

function PlanOption({ plan, recommended, current, pending, disabled, onSubscribe }: PlanOptionProps) {
  return (
    <li
      className={cn(
        'bg-card flex flex-col gap-4 rounded-xl border p-4',
        recommended && 'border-primary ring-primary/20 ring-[3px]',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{plan.name}</h2>
        {current ? (
          <span className="bg-muted text-muted-foreground rounded-full px-2 py-0.5 text-xs font-medium">Current plan</span>
        ) : recommended ? (
          <span className="bg-primary text-primary-foreground rounded-full px-2 py-0.5 text-xs font-medium">For you</span>
        ) : null}
      </div>
      <p className="flex items-baseline gap-1">
        <span className="text-3xl font-semibold tracking-tight">{plan.price}</span>
        <span className="text-muted-foreground text-sm">/ {plan.interval}</span>
      </p>
      <ul className="text-muted-foreground grid gap-2 text-sm" aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon aria-hidden="true" className="text-primary mt-0.5 size-4 shrink-0" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        className="mt-auto w-full"
        variant={recommended ? 'default' : 'outline'}
        disabled={disabled || current}
        aria-busy={pending || undefined}
        onClick={onSubscribe}
      >
        {pending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
        {current ? 'Subscribed' : 'Subscribe'}
        <span className="sr-only"> to {plan.name}</span>
      </Button>
    </li>
  );
}

/** The built-in table of local test billing: the three plans, each subscribed with one click. */
function LocalPricingTable({ plans, type }: { plans: readonly Plan[]; type: PlanType }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const usage = useUsage();
  const subscribe = useSubscribeLocal({
    // Replace: Back from the dashboard should not return to a purchase that is done. The router's promise
    // settles before React shows the new page; the plan may reach the level only once this one is gone.
    onSubscribed: async (plan) => {
      await navigate(afterSubscribePath(plan), { replace: true });
      await pageLeft(pathname);
    },
  });
  const currentType = usage.data?.items[0]?.type;
  const error = subscribe.error;

  return (
    <div className="grid gap-4">
      <Alert role="note">
        <FlaskConicalIcon aria-hidden="true" />
        <AlertTitle>Test mode</AlertTitle>
        <AlertDescription>No card is charged. Plans switch at once.</AlertDescription>
      </Alert>
      <ul aria-label="Plans" className="grid gap-3 @xl:grid-cols-3">
        {ownTypeFirst(plans, type).map((plan) => (
          <PlanOption
            key={plan.type}
            plan={plan}
            recommended={plan.type === type}
            current={plan.type === currentType}
            pending={subscribe.isPending && subscribe.variables === plan.type}
            disabled={subscribe.isPending}
            onSubscribe={() => subscribe.mutate(plan.type)}
          />
        ))}
      </ul>
      {error ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{errorMessage(error)}</AlertTitle>
          {error instanceof ApiError && error.statusCode === 409 ? (
            <AlertDescription>
              <Link to={registrationStep(type)} className="text-foreground font-medium underline underline-offset-4">
                Finish registration
              </Link>
            </AlertDescription>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}

/**
 * The pricing table for a user type: the built-in test-mode table with local billing, Stripe's own
 * pricing table otherwise (the server's `GET /api/billing/plans` says which).
 */
export function PricingTable({ type }: { type: PlanType }) {
  const plans = usePlans();

  let content: React.ReactNode;
  if (plans.isPending) {
    content = <PricingSkeleton />;
  } else if (plans.isError) {
    content = (
      <Alert variant="destructive">
        <CircleAlertIcon aria-hidden="true" />
        <AlertTitle>Could not load the plans</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(plans.error)}</p>
          <Button type="button" variant="outline" size="sm" disabled={plans.isFetching} onClick={() => void plans.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (plans.data.provider === 'stripe' && plans.data.stripe) {
    content = <StripePricingTable stripe={plans.data.stripe} type={type} testMode={plans.data.testMode} />;
  } else {
    content = <LocalPricingTable plans={plans.data.plans} type={type} />;
  }

  // A container query, not a viewport one: three columns only where the table itself has room
  // (the wide /subscribe page), stacked in the narrow registration card.
  return <div className="@container">{content}</div>;
}
