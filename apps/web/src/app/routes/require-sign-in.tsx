import { Navigate, Outlet, useLocation } from 'react-router';

import { PageLoading } from '@/components/page-loading';
import { loginWithRedirect } from '@/config/paths';
import { useSession } from '@/lib/auth/session';

/** Sign-in only, any level: the registration steps run before a subscription exists. */
export function RequireSignIn() {
  const { isLoggedIn, isPending } = useSession();
  const { pathname, search } = useLocation();
  if (!isLoggedIn && isPending) return <PageLoading />;
  if (!isLoggedIn) return <Navigate to={loginWithRedirect(pathname + search)} replace />;
  return <Outlet />;
}
