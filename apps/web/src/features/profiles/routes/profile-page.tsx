import { IdCardIcon, PencilIcon, ShieldIcon, ShareIcon } from 'lucide-react';
import { Link } from 'react-router';

import { DetailStates } from '@/components/detail-states';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { useMember } from '@/features/profiles/api/get-member';
import { AthleteCard } from '@/features/profiles/components/athlete-card';
import { ImageUploadButton } from '@/features/profiles/components/image-upload-button';
import { useMe } from '@/lib/auth/get-me';

/**
 * /profile: the signed-in athlete's card (a coach's shows their team), as teammates and recruiters
 * see it, with the owner's uploads and the links to edit it and to its public recruiting card.
 */
export function Component() {
  const me = useMe();
  // The card of the same user as a teammate reads it carries the team's name and logo.
  const own = useMember(me.data?.username);
  const team = own.data?.team ?? null;
  const coach = me.data?.type === 'team';

  return (
    <Page
      title="Profile"
      width="wide"
      actions={
        <>
          {/* Athletes publish their card to recruiters; a coach has none to publish. */}
          {coach ? null : (
            <Button asChild variant="outline" size="sm">
              <Link to="/profile/recruiting">
                <ShareIcon aria-hidden="true" />
                Recruiting card
              </Link>
            </Button>
          )}
          <Button asChild size="sm">
            <Link to="/profile/edit">
              <PencilIcon aria-hidden="true" />
              Edit Profile
            </Link>
          </Button>
        </>
      }
    >
      <div className="mx-auto grid w-full max-w-4xl gap-4">
        <DetailStates query={me} noun="profile" icon={IdCardIcon} notFound="Your profile could not be found.">
          {(data) => (
            <>
              <AthleteCard card={data} team={team} owner />
              {coach && team && team.owner.toLowerCase() === data.username.toLowerCase() ? (
                <div className="flex flex-col items-start gap-1 rounded-lg border p-4">
                  <p className="text-sm font-medium">Team logo</p>
                  <p className="text-muted-foreground text-sm">Shown on your team's cards and pages. A square picture works best.</p>
                  <ImageUploadButton
                    tag="logo"
                    label={team.logo ? 'Change team logo' : 'Upload team logo'}
                    icon={<ShieldIcon aria-hidden="true" className="size-4" />}
                    className="border-input bg-background hover:bg-accent mt-2 h-8 border px-3"
                  />
                </div>
              ) : null}
            </>
          )}
        </DetailStates>
      </div>
    </Page>
  );
}
