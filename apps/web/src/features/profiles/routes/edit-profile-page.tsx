import { UserRoundPenIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /profile/edit: edit the profile card. */
export function Component() {
  return (
    <Page title="Edit Profile" description="Your teams, personal details, hero image and avatar.">
      <EmptyState icon={UserRoundPenIcon}>Your teams and the profile form will appear here.</EmptyState>
    </Page>
  );
}
