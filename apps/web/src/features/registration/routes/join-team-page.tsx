import { useMutation } from '@tanstack/react-query';
import { UsersRoundIcon } from 'lucide-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { PageLoading } from '@/components/page-loading';
import { PublicPage } from '@/components/public-page';
import { Button } from '@/components/ui/button';
import { loginWithRedirect, paths } from '@/config/paths';
import { acceptInvitation, joinedNotice, teamLabel, useInvitation } from '@/features/registration/api/invitation';
import { SettledInvitation } from '@/features/registration/components/settled-invitation';
import { useApiClient } from '@/lib/api-client-context';
import { useMe } from '@/lib/auth/get-me';
import { useSession } from '@/lib/auth/session';
import { errorMessage } from '@/lib/error-message';
import { withNotice } from '@/lib/route-notice';

/**
 * /join/{token}: where an invitation e-mail leads. Signed in: join the team. Signed out: create an
 * athlete account (the invitation rides along and is claimed after registration) or sign in and
 * come back here.
 */
export function Component() {
  const token = useParams().token ?? '';
  const session = useSession();
  const invitation = useInvitation(token);
  const navigate = useNavigate();
  const api = useApiClient();
  const record = useMe();
  const join = useMutation({ mutationFn: () => acceptInvitation(api, token) });

  if (invitation.isPending || (!session.isLoggedIn && session.isPending) || (session.isLoggedIn && record.isPending)) return <PageLoading />;
  if (invitation.isError) {
    return (
      <PublicPage title="Invitation not found" description={errorMessage(invitation.error)}>
        <Button asChild variant="outline">
          <Link to={paths.home}>Go home</Link>
        </Button>
      </PublicPage>
    );
  }

  const { ownerName, owner, description, email, status } = invitation.data;
  const team = teamLabel({ description, owner });
  const inviter = ownerName || owner;
  const here = `/join/${encodeURIComponent(token)}`;

  // A used, expired or withdrawn link says so before anyone signs up through it.
  if (status !== 'pending') return <SettledInvitation status={status} team={team} inviter={inviter} signedIn={session.isLoggedIn} />;

  // Signed in but registration never finished (no role yet): the athlete step claims this invitation.
  if (session.isLoggedIn && record.data && !record.data.type) {
    return <Navigate to={`${paths.register}/athlete?${new URLSearchParams({ invite: token })}`} replace />;
  }

  // Home is the team for a team or athlete level; the page says what happened.
  const onJoin = () => join.mutate(undefined, { onSuccess: () => void navigate(paths.home, { replace: true, state: withNotice(joinedNotice(team)) }) });

  return (
    <PublicPage title={`Join ${team}`} description={`${inviter} invited ${email ?? 'you'} to join the team.`}>
      <div className="bg-muted/50 flex items-center gap-3 rounded-lg border p-3">
        <UsersRoundIcon aria-hidden="true" className="text-muted-foreground size-8 shrink-0" />
        <div className="min-w-0">
          <p className="truncate font-medium">{team}</p>
          <p className="text-muted-foreground truncate text-sm">Coach: {inviter}</p>
        </div>
      </div>
      {session.isLoggedIn ? (
        <>
          <Button onClick={onJoin} disabled={join.isPending}>
            {join.isPending ? 'Joining...' : 'Join team'}
          </Button>
          <ErrorAlert error={join.error} />
        </>
      ) : (
        <>
          <Button asChild>
            <Link to={`${paths.register}?${new URLSearchParams({ role: 'athlete', invite: token, ...(email && { email }) })}`}>
              Create an athlete account
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={loginWithRedirect(here)}>I already have an account</Link>
          </Button>
        </>
      )}
    </PublicPage>
  );
}
