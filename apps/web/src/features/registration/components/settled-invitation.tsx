import { INVITE_TTL_DAYS, type InviteStatus } from '@app/contracts/teams';
import { Link } from 'react-router';

import { PublicPage } from '@/components/public-page';
import { Button } from '@/components/ui/button';
import { loginWithRedirect, paths } from '@/config/paths';

type SettledInvitationProps = {
  status: Exclude<InviteStatus, 'pending'>;
  team: string;
  inviter: string;
  signedIn: boolean;
};

/** An invitation link that can no longer be used: what happened, and where to go instead. */
export function SettledInvitation({ status, team, inviter, signedIn }: SettledInvitationProps) {
  if (status === 'accepted') {
    return (
      <PublicPage
        title="This invitation was already used"
        description={`Someone already joined ${team} with this link. If that was you, your team is waiting. If not, ask ${inviter} for a new invitation.`}
      >
        <Button asChild>
          {signedIn ? <Link to={paths.team}>Go to your team</Link> : <Link to={loginWithRedirect(paths.team)}>Sign in</Link>}
        </Button>
      </PublicPage>
    );
  }
  const [title, description] =
    status === 'expired'
      ? ['This invitation has expired', `Invitation links work for ${INVITE_TTL_DAYS} days. Ask ${inviter} to send you a new one.`]
      : ['This invitation was withdrawn', `${inviter} withdrew this invitation to ${team}. Ask them for a new one if you think this is a mistake.`];
  return (
    <PublicPage title={title} description={description}>
      <Button asChild variant="outline">
        <Link to={paths.home}>Go home</Link>
      </Button>
    </PublicPage>
  );
}
