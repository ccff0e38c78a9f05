import { useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { PublicPage } from '@/components/public-page';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { acceptInvitation, joinedNotice, teamLabel } from '@/features/registration/api/invitation';
import { joinFirstTeam } from '@/features/registration/api/join-first-team';
import { registerUser } from '@/features/registration/api/register-user';
import { RegistrationForm } from '@/features/registration/components/registration-form';
import { useApiClient } from '@/lib/api-client-context';
import { errorMessage } from '@/lib/error-message';
import { queryKeys } from '@/lib/query-keys';
import { withNotice } from '@/lib/route-notice';

type PersonRegistrationProps = {
  type: 'athlete' | 'fan';
  title: string;
};

/**
 * /register/athlete and /register/fan: the user record is posted with the type;
 * an athlete who came by an invitation link claims it, then joins the first team of their teams
 * list, if any; then the subscription step for the type (after saying why, when the claim failed).
 */
export function PersonRegistration({ type, title }: PersonRegistrationProps) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Why the invitation could not be claimed: the account exists, so the user reads it and continues.
  const [joinProblem, setJoinProblem] = useState<string | null>(null);
  const next = `/register/subscribe/${type}`;

  if (joinProblem) {
    return (
      <PublicPage title={title} description="Your account is ready.">
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>You were not added to the team</AlertTitle>
          <AlertDescription>
            <p>{joinProblem}</p>
          </AlertDescription>
        </Alert>
        <Button onClick={() => void navigate(next, { replace: true })}>Continue</Button>
      </PublicPage>
    );
  }

  return (
    <PublicPage title={title} description="Enter your personal information">
      <RegistrationForm
        onSubmit={async ({ firstname, lastname, username }) => {
          const affiliate = params.get('affiliate') ?? undefined;
          await registerUser(api, { username, firstname, lastname, type, ...(affiliate && { affiliate }) });
          const joined = type === 'athlete' ? await joinInvitedTeam(params.get('invite')) : { problem: null, team: null };
          await queryClient.invalidateQueries({ queryKey: queryKeys.users() });
          if (joined.problem) setJoinProblem(joined.problem);
          // Invited: the team they just joined (home, in the trial), saying so; else the subscription step.
          else if (joined.team) void navigate(paths.home, { replace: true, state: withNotice(joinedNotice(joined.team)) });
          else void navigate(next, { replace: true });
        }}
      />
    </PublicPage>
  );

  /**
   * Claims the invitation, then joins the first team of the list: the team the invitation joined, or
   * the reason it failed.
   */
  async function joinInvitedTeam(inviteToken: string | null): Promise<{ problem: string | null; team: string | null }> {
    // A failed claim must not block registration: the team list below may still hold a team.
    const claim = inviteToken
      ? await acceptInvitation(api, inviteToken).then(
          (team) => ({ problem: null, team: 'error' in team ? null : teamLabel(team) }),
          (error: unknown) => ({ problem: errorMessage(error), team: null }),
        )
      : { problem: null, team: null };
    await joinFirstTeam(api);
    return claim;
  }
}
