import { UserRoundPenIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { TeamActivation } from '@/features/profiles/components/team-activation';

/** /profile/edit: the user's teams (activation), then the profile card form. */
export function Component() {
  return (
    <Page title="Edit Profile" description="Your teams, personal details, hero image and avatar.">
      <section className="grid gap-3" aria-labelledby="teams-heading">
        <h2 id="teams-heading" className="text-base font-semibold">
          Teams
        </h2>
        <TeamActivation />
      </section>
      <EmptyState icon={UserRoundPenIcon}>The profile form, hero image and avatar will appear here.</EmptyState>
    </Page>
  );
}
