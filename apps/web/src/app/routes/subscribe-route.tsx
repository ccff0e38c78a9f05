import { SubscribePage } from '@/features/subscription/routes/subscribe-page';
import { TestVideoOffer } from '@/features/upload/components/test-video-offer';

/**
 * /subscribe: the subscription feature's page with the upload feature's test-video offer in it (a user
 * at level none gets both). Composed here because features never import each other.
 */
export function Component() {
  return <SubscribePage tryMeanwhile={<TestVideoOffer />} />;
}
