import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { PublicPage } from '@/components/public-page';
import { SubmitButton } from '@/components/submit-button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';

/** /logout: a page with a Logout button: ends the session on the server, then here. */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function logout(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    // Never throws: the local session is cleared even when the server cannot be reached.
    await auth.logout();
    void navigate(paths.login, { replace: true });
  }

  return (
    <PublicPage title="Logout" description="Sign out of Teamfilm on this device.">
      <form onSubmit={(event) => void logout(event)}>
        <SubmitButton pending={pending} icon={<LogOutIcon aria-hidden="true" />}>
          Logout
        </SubmitButton>
      </form>
    </PublicPage>
  );
}
