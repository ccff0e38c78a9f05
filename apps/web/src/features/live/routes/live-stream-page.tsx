import { RadioIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /live/:streamId: watch a live game. */
export function Component() {
  return (
    <Page title="Live Game">
      <EmptyState icon={RadioIcon}>The live player, highlights and clips of this game will appear here.</EmptyState>
    </Page>
  );
}
