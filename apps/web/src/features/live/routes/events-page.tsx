import { Page } from '@/components/page';
import { LiveOverview } from '@/features/live/components/live-overview';
import { liveDescription } from '@/features/live/utils/live-description';
import { useLevel } from '@/lib/subscription/level-context';

/** /events: for levels none and fan, the same screen as the live index. */
export function Component() {
  return (
    <Page width="wide" title="Events" description={liveDescription(useLevel())}>
      <LiveOverview />
    </Page>
  );
}
