import { Page } from '@/components/page';
import { ReelGrid } from '@/features/reels/components/reel-grid';

/** /library/reels/all: every reel, with infinite scroll. */
export function Component() {
  return (
    <Page width="wide" title="All Reels" description="Every reel you have made.">
      <ReelGrid />
    </Page>
  );
}
