import { LogOutIcon } from 'lucide-react';
import { useNavigate } from 'react-router';

import { PublicPage } from '@/components/public-page';
import { Button } from '@/components/ui/button';
import { useConfig } from '@/config/config-context';
import { paths } from '@/config/paths';
import { clearSessionCookies } from '@/lib/auth/session';

/** /logout: a page with a Logout button (spec section 2). The identity issue adds the server-side logout. */
export function Component() {
  const { tenantId } = useConfig();
  const navigate = useNavigate();

  function logout() {
    clearSessionCookies(tenantId);
    void navigate(paths.login, { replace: true });
  }

  return (
    <PublicPage title="Logout" description="Sign out of Teamfilm on this device.">
      <Button onClick={logout} className="w-full">
        <LogOutIcon aria-hidden="true" />
        Logout
      </Button>
    </PublicPage>
  );
}
