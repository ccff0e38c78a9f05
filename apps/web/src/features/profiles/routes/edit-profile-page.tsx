import { UserRoundPenIcon } from 'lucide-react';

import { DetailStates } from '@/components/detail-states';
import { Page } from '@/components/page';
import { AthleteForm } from '@/features/profiles/components/athlete-form';
import { ProfilePictures } from '@/features/profiles/components/profile-pictures';
import { useMe } from '@/lib/auth/get-me';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-3" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /profile/edit: the user's teams (the members feature's activation, which the app composes in: features
 * never import each other), the hero and avatar, then the athlete card's form; saving returns to /profile.
 */
export function EditProfilePage({ teams }: { teams: React.ReactNode }) {
  const me = useMe();
  return (
    <Page title="Edit Profile" description="Your teams, pictures and the details on your card.">
      <Section id="teams-heading" title="Teams">
        {teams}
      </Section>
      <DetailStates query={me} noun="profile" icon={UserRoundPenIcon} notFound="Your profile could not be found.">
        {(data) => (
          <>
            <Section id="pictures-heading" title="Pictures">
              <ProfilePictures me={data} />
            </Section>
            {/* Keyed by user: a form's values are set once, from the record it opened with. */}
            <AthleteForm key={data.userId} me={data} />
          </>
        )}
      </DetailStates>
    </Page>
  );
}
