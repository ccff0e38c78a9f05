import { FilmIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /team/videos: the team's videos. */
export function Component() {
  return (
    <Page title="All Videos" description="Game footage recorded or uploaded by your team.">
      <EmptyState icon={FilmIcon}>Your team's videos will appear here.</EmptyState>
    </Page>
  );
}
