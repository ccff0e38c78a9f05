import { userType, type UserType } from '@app/contracts/user-me';
import { data, Link, useParams, type LoaderFunctionArgs } from 'react-router';

import { PublicPage } from '@/components/public-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PricingPlaceholder } from '@/features/subscription/components/pricing-placeholder';

/** Only the three pricing tables exist (spec section 9); anything else is not a page. */
export function loader({ params }: LoaderFunctionArgs) {
  if (!userType.safeParse(params.typeSubscription).success) {
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  return null;
}

// Spec section 2: 'Let me try first' goes to /events for fans and /upload for other types.
function tryFirstPath(type: UserType) {
  return type === 'fan' ? paths.events : paths.upload;
}

/** /register/subscribe/:typeSubscription: the last registration step. */
export function Component() {
  const type = userType.catch('fan').parse(useParams().typeSubscription);
  return (
    <PublicPage title="Subscribe" description="Get a subscription. Cancel any time.">
      <PricingPlaceholder />
      <Button asChild variant="outline">
        <Link to={tryFirstPath(type)}>Let me try first</Link>
      </Button>
    </PublicPage>
  );
}
