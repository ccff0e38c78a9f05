import { ClapperboardIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /library/clips/:clipId: one library clip. */
export function Component() {
  return (
    <Page title="Clip">
      <EmptyState icon={ClapperboardIcon}>The clip and its comments will appear here.</EmptyState>
    </Page>
  );
}
