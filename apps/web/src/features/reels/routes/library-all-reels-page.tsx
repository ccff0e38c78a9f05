import { ListVideoIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /library/reels/all: every reel in the library. */
export function Component() {
  return (
    <Page title="All Reels" description="Collections of clips, played back to back.">
      <EmptyState icon={ListVideoIcon} title="No Reels?">Reels are collections of clips.</EmptyState>
    </Page>
  );
}
