import { UsersIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /team/members: everyone on the team channel. */
export function Component() {
  return (
    <Page title="All Members" description="Coaches and athletes on your team's channel.">
      <EmptyState icon={UsersIcon}>Your team's members will appear here.</EmptyState>
    </Page>
  );
}
