import { Page } from '@/components/page';
import { LiveOverview } from '@/features/live/components/live-overview';
import { liveDescription } from '@/features/live/utils/live-description';
import { useLevel } from '@/lib/subscription/level-context';

/** /live: live games, upcoming games and recent results. */
export function Component() {
  return (
    <Page width="wide" title="Live" description={liveDescription(useLevel())}>
      <LiveOverview />
    </Page>
  );
}
