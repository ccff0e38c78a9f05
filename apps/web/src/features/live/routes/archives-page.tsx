import { ArchiveIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /live/archives: past streams. */
export function Component() {
  return (
    <Page title="Archives" description="Recordings of past games.">
      <EmptyState icon={ArchiveIcon}>Recordings of past games will appear here.</EmptyState>
    </Page>
  );
}
