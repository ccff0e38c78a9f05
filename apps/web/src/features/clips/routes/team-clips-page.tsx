import { ScissorsIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /team/clips: the team's clip library. */
export function Component() {
  return (
    <Page title="Clips" description="Highlights cut from your team's games.">
      <EmptyState icon={ScissorsIcon}>Clips from your team's videos will appear here.</EmptyState>
    </Page>
  );
}
