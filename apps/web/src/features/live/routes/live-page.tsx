import { Page } from '@/components/page';
import { LiveOverview } from '@/features/live/components/live-overview';

/** /live: live and upcoming games. */
export function Component() {
  return (
    <Page width="wide" title="Live" description="Watch your team's games as they happen.">
      <LiveOverview />
    </Page>
  );
}
