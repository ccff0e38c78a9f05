import { MAIN_CHANNEL } from '@app/contracts/teams';
import { useNavigate, useSearchParams } from 'react-router';

import { PublicPage } from '@/components/public-page';
import { createChannel } from '@/features/registration/api/create-channel';
import { registerUser } from '@/features/registration/api/register-user';
import { RegistrationForm } from '@/features/registration/components/registration-form';
import { useApiClient } from '@/lib/api-client-context';

/**
 * /register/coach: the user record is posted with type team (and any
 * affiliate), the channel `main` is created with the team name as its description (the coach
 * becomes its member), then on to inviting athletes.
 */
export function Component() {
  const api = useApiClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return (
    <PublicPage title="Coach Registration" description="Enter your personal information">
      <RegistrationForm
        withTeam
        onSubmit={async ({ team, firstname, lastname, username }) => {
          const affiliate = params.get('affiliate') ?? undefined;
          await registerUser(api, { username, firstname, lastname, type: 'team', ...(affiliate && { affiliate }) });
          await createChannel(api, { channel: MAIN_CHANNEL, description: team ?? '' });
          void navigate('/register/invite', { replace: true });
        }}
      />
    </PublicPage>
  );
}
