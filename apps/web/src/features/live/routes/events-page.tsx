import { Page } from '@/components/page';
import { LiveOverview } from '@/features/live/components/live-overview';

/** /events: for levels none and fan, the same screen as the live index (spec section 2). */
export function Component() {
  return (
    <Page width="wide" title="Events" description="Live games and upcoming events.">
      <LiveOverview />
    </Page>
  );
}
