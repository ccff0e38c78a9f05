import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { SubscribeOptions } from '@/features/subscription/components/subscribe-options';
import { useMe } from '@/lib/auth/get-me';

type SubscribePageProps = {
  /**
   * What a coach or athlete may try meanwhile (the upload feature's test-video offer): past the 8-day
   * trial, /upload would not open for them. The app shell (`app/routes/subscribe-route.tsx`) composes it in.
   */
  tryMeanwhile: React.ReactNode;
};

/** /subscribe: for signed-in users at level none: the pricing table for their type, and what they can try meanwhile. */
export function SubscribePage({ tryMeanwhile }: SubscribePageProps) {
  const me = useMe();
  // The table is chosen by the user's own type; without a record (or if it fails to load), the fan's.
  const type = me.data?.type ?? 'fan';
  return (
    <Page title="Subscribe" description="Get a subscription. Cancel any time.">
      {me.isPending ? (
        <PageLoading className="min-h-40" />
      ) : (
        // Fans try first on /events; a team or athlete here is past the trial, so /upload (athlete and
        // team levels) would only bounce them to /login: they get the test video here instead.
        <div className="flex flex-col gap-6">
          <SubscribeOptions type={type} showTryFirst={type === 'fan'} />
          {type === 'fan' ? null : tryMeanwhile}
        </div>
      )}
    </Page>
  );
}
