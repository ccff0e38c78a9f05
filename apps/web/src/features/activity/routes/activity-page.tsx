import { ActivityIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /team/activity: the team's activity feed. */
export function Component() {
  return (
    <Page title="Activity Feed" description="What's new on your team.">
      <EmptyState icon={ActivityIcon}>Your team's latest activity will appear here.</EmptyState>
    </Page>
  );
}
