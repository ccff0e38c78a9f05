import type { PlanType } from '@app/contracts/billing';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PricingTable } from '@/features/subscription/components/pricing-table';

// 'Let me try first' goes to /events for fans and /upload for other types.
export function tryFirstPath(type: PlanType) {
  return type === 'fan' ? paths.events : paths.upload;
}

type SubscribeOptionsProps = {
  type: PlanType;
  /** Off where the trial's page would not open (see /subscribe). */
  showTryFirst?: boolean;
};

/** The body of both subscription pages: the pricing table for the type, then 'Let me try first'. */
export function SubscribeOptions({ type, showTryFirst = true }: SubscribeOptionsProps) {
  return (
    <div className="@container flex flex-col gap-4">
      <PricingTable type={type} />
      {showTryFirst ? (
        <Button asChild variant="outline" className="@xl:self-center">
          <Link to={tryFirstPath(type)}>Let me try first</Link>
        </Button>
      ) : null}
    </div>
  );
}
