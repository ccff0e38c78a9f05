import { Page } from '@/components/page';
import { PricingPlaceholder } from '@/features/subscription/components/pricing-placeholder';

/** /subscribe: for signed-in users without a subscription (level none). */
export function Component() {
  return (
    <Page title="Subscribe" description="Get a subscription. Cancel any time.">
      <PricingPlaceholder />
    </Page>
  );
}
