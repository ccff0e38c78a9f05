import { UserRoundIcon } from 'lucide-react';
import { useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /team/members/:profiled: a member's profile. */
export function Component() {
  const { profiled } = useParams();
  return (
    <Page title="Profile" description={`@${profiled ?? ''}`}>
      <EmptyState icon={UserRoundIcon}>This member's profile will appear here.</EmptyState>
    </Page>
  );
}
