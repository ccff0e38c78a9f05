import type { Measurable } from '@app/contracts/profiles';
import { PencilIcon, UserRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { DetailStates } from '@/components/detail-states';
import { ErrorAlert } from '@/components/error-alert';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { useMember } from '@/features/profiles/api/get-member';
import { useVerifyMeasurable } from '@/features/profiles/api/verify-measurables';
import { CardSection } from '@/features/profiles/components/card-section';
import { Measurables } from '@/features/profiles/components/measurables';
import { PersonalInfo } from '@/features/profiles/components/personal-info';
import { PhotoGrid } from '@/features/profiles/components/photo-grid';
import { ProfileHeader } from '@/features/profiles/components/profile-header';
import { ProfilePageForm } from '@/features/profiles/components/profile-page-form';
import { SocialLinks } from '@/features/profiles/components/social-links';
import { type CardData, displayName, photosOf } from '@/features/profiles/utils/card-data';
import { useMe } from '@/lib/auth/get-me';

const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * /team/members/:profiled: a member's profile page. Read-only; the member's own page has the edit
 * icon (edit mode, saved or cancelled back to read-only), the avatar upload and the e-mail
 * (read-only). Sport and extras show for team and athlete accounts. The team owner looking at a
 * member marks height, weight, jersey and position verified.
 */
export function Component() {
  const { profiled } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  const member = useMember(profiled);
  const [editing, setEditing] = useState(false);
  const verify = useVerifyMeasurable(profiled ?? '');

  const own = same(me.data?.username, profiled);
  const teamOwner = !own && same(member.data?.team?.owner, me.data?.username);

  return (
    <Page title="Profile" width="wide">
      <div className="mx-auto grid w-full max-w-4xl gap-6">
        <DetailStates query={member} noun="profile" icon={UserRoundIcon} notFound="No member of your teams has this username.">
          {(data) => {
            // The owner reads their own record: it has the e-mail, phone and birthdate a teammate never gets.
            const card: CardData = own && me.data ? me.data : data;
            const withSport = card.type === 'team' || card.type === 'athlete';
            return (
              <>
                <ProfileHeader
                  card={card}
                  team={data.team}
                  avatarUpload={own}
                  actions={
                    own && !editing ? (
                      <Button variant="outline" size="icon" aria-label="Edit profile" title="Edit profile" onClick={() => setEditing(true)}>
                        <PencilIcon aria-hidden="true" />
                      </Button>
                    ) : null
                  }
                />
                {editing && me.data ? (
                  <CardSection title="Edit profile">
                    <ProfilePageForm
                      me={me.data}
                      withSport={withSport}
                      onCancel={() => setEditing(false)}
                      onSaved={(saved) => {
                        setEditing(false);
                        if (!same(saved.username, profiled)) void navigate(`/team/members/${encodeURIComponent(saved.username)}`, { replace: true });
                      }}
                    />
                  </CardSection>
                ) : (
                  <>
                    <CardSection title="Personal info">
                      <PersonalInfo card={card} withSport={withSport} {...(own && me.data && { email: me.data.email ?? null, phone: me.data.phone ?? null })} />
                    </CardSection>
                    {withSport ? (
                      <>
                        <Measurables
                          card={card}
                          onVerify={teamOwner ? (field: Measurable, verified: boolean) => verify.mutate({ field, verified }) : undefined}
                          verifying={verify.isPending ? verify.variables.field : null}
                        />
                        <ErrorAlert error={verify.error} />
                        <SocialLinks card={card} />
                      </>
                    ) : null}
                    <CardSection title="Gallery">
                      <PhotoGrid photos={photosOf(card.images)} ownerName={displayName(card)} />
                    </CardSection>
                  </>
                )}
              </>
            );
          }}
        </DetailStates>
      </div>
    </Page>
  );
}
