import { userType } from '@app/contracts/user-me';
import { data, useParams, type LoaderFunctionArgs } from 'react-router';

import { PublicPage } from '@/components/public-page';
import { SubscribeOptions } from '@/features/subscription/components/subscribe-options';

/** Only the three pricing tables exist; anything else is not a page. */
export function loader({ params }: LoaderFunctionArgs) {
  if (!userType.safeParse(params.typeSubscription).success) {
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  return null;
}

/** /register/subscribe/:typeSubscription: the last registration step. */
export function Component() {
  const type = userType.catch('fan').parse(useParams().typeSubscription);
  return (
    <PublicPage title="Subscribe" description="Get a subscription. Cancel any time.">
      <SubscribeOptions type={type} />
    </PublicPage>
  );
}
