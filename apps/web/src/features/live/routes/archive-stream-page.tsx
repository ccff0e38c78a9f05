import { ArchiveIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /live/archives/:streamId: one past stream. */
export function Component() {
  return (
    <Page title="Archived Game">
      <EmptyState icon={ArchiveIcon}>The recording of this game and its highlights will appear here.</EmptyState>
    </Page>
  );
}
