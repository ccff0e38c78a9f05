import { FilmIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /library/videos/all: every video in the library. */
export function Component() {
  return (
    <Page title="All Videos" description="Every game video you can watch.">
      <EmptyState icon={FilmIcon}>Every video in your library will appear here.</EmptyState>
    </Page>
  );
}
