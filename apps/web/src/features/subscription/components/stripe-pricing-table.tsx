import type { PlansResponse, PlanType } from '@app/contracts/billing';
import { CircleAlertIcon } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useMe } from '@/lib/auth/get-me';
import { useSession } from '@/lib/auth/session';

export const PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

let scriptLoad: Promise<void> | undefined;

/**
 * Adds Stripe's script once, on the first pricing table shown (no other page pays for it). Stripe
 * ships it only from its CDN, so there is no npm package to bundle. A failed load is forgotten, so
 * "Try again" adds a fresh tag.
 */
function loadPricingTableScript(): Promise<void> {
  if (customElements.get('stripe-pricing-table')) return Promise.resolve();
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PRICING_TABLE_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      scriptLoad = undefined;
      reject(new Error('Could not load the Stripe pricing table.'));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

type StripePricingTableProps = {
  stripe: NonNullable<PlansResponse['stripe']>;
  type: PlanType;
  testMode: boolean;
};

/**
 * Stripe's pricing table for the user's type: our user id is the client reference
 * (the webhook finds the user by it) and the account e-mail fills Checkout's customer e-mail.
 */
export function StripePricingTable({ stripe, type, testMode }: StripePricingTableProps) {
  const session = useSession();
  const me = useMe();
  const [script, setScript] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  // Each attempt starts 'loading' (the initial state, or set by the retry that bumps `attempt`).
  useEffect(() => {
    let active = true;
    loadPricingTableScript().then(
      () => active && setScript('ready'),
      () => active && setScript('failed'),
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  // The element reads its attributes once when it starts: wait for the e-mail (or its failure).
  if (me.isPending) return <p role="status" className="text-muted-foreground text-sm">Loading plans...</p>;
  const userId = me.data?.userId ?? session.userId;
  const email = me.data?.email ?? undefined;

  return (
    <div className="grid gap-4">
      {testMode ? (
        <Alert role="note">
          <AlertTitle>Test mode</AlertTitle>
          <AlertDescription>No real card is charged: pay with 4242 4242 4242 4242, any future date and any CVC.</AlertDescription>
        </Alert>
      ) : null}
      {script === 'failed' ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>The plans could not be shown</AlertTitle>
          <AlertDescription>
            <p>Stripe did not load. Check your connection, or turn off a blocker for js.stripe.com.</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                setScript('loading');
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : script === 'loading' ? (
        <p role="status" className="text-muted-foreground text-sm">
          Loading plans...
        </p>
      ) : null}
      <stripe-pricing-table
        // A new element when an input changes: Stripe reads the attributes only when it mounts.
        key={`${stripe.pricingTableIds[type]}:${userId ?? ''}:${email ?? ''}`}
        pricing-table-id={stripe.pricingTableIds[type]}
        publishable-key={stripe.publishableKey}
        client-reference-id={userId === undefined ? undefined : String(userId)}
        customer-email={email}
      />
    </div>
  );
}
