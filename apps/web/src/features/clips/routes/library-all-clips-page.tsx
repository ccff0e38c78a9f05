import { ScissorsIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /library/clips/all: every clip in the library. */
export function Component() {
  return (
    <Page title="All Clips" description="Every highlight you have saved.">
      <EmptyState icon={ScissorsIcon}>Every clip in your library will appear here.</EmptyState>
    </Page>
  );
}
