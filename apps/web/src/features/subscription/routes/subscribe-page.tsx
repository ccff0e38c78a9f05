import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { SubscribeOptions } from '@/features/subscription/components/subscribe-options';
import { useMe } from '@/lib/users/get-me';

/** /subscribe: for signed-in users without a subscription (level none). */
export function Component() {
  const me = useMe();
  // The table is chosen by the user's own type; without a record (or if it fails to load), the fan's.
  const type = me.data?.type ?? 'fan';
  return (
    <Page title="Subscribe" description="Get a subscription. Cancel any time.">
      {me.isPending ? (
        <PageLoading className="min-h-40" />
      ) : (
        // This page is for level none: a team or athlete here is past the 8-day trial, so /upload
        // (athlete and team levels) would only bounce them to /login. Fans still get /events.
        <SubscribeOptions type={type} showTryFirst={type === 'fan'} />
      )}
    </Page>
  );
}
