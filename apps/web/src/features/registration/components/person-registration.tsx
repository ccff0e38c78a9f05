import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';

import { PublicPage } from '@/components/public-page';
import { acceptInvitation } from '@/features/registration/api/invitation';
import { registerUser } from '@/features/registration/api/register-user';
import { RegistrationForm } from '@/features/registration/components/registration-form';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { getTeams } from '@/lib/teams/get-teams';
import { joinTeam } from '@/lib/teams/join-team';

type PersonRegistrationProps = {
  type: 'athlete' | 'fan';
  title: string;
};

/**
 * /register/athlete and /register/fan (spec sections 2, 4): the user record is posted with the type;
 * an athlete who came by an invitation link claims it, then joins the first team of their teams
 * list, if any; then the subscription step for the type.
 */
export function PersonRegistration({ type, title }: PersonRegistrationProps) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return (
    <PublicPage title={title} description="Enter your personal information">
      <RegistrationForm
        onSubmit={async ({ firstname, lastname, username }) => {
          const affiliate = params.get('affiliate') ?? undefined;
          await registerUser(api, { username, firstname, lastname, type, ...(affiliate && { affiliate }) });
          if (type === 'athlete') await joinInvitedTeam(params.get('invite'));
          await queryClient.invalidateQueries({ queryKey: queryKeys.users() });
          void navigate(`/register/subscribe/${type}`, { replace: true });
        }}
      />
    </PublicPage>
  );

  async function joinInvitedTeam(inviteToken: string | null) {
    // An expired or used link must not block registration: the team list below still counts.
    if (inviteToken) await acceptInvitation(api, inviteToken).catch((error: unknown) => console.warn('Invitation not accepted', error));
    const [first] = await getTeams(api);
    if (first && !first.current) await joinTeam(api, first.username, first.channel);
  }
}
