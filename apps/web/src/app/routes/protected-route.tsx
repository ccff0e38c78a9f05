import type { Level } from '@app/contracts/levels';
import { Navigate, Outlet, useLocation } from 'react-router';

import { PageLoading } from '@/components/page-loading';
import { loginWithRedirect, paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useLevel } from '@/lib/subscription/level-context';

type ProtectedRouteProps = {
  /** Subscription levels allowed on this page. */
  levels: readonly Level[];
  /** Rendered when allowed; without children the matched child route renders (layout-route use). */
  children?: React.ReactNode;
};

/**
 * In this order: session being restored -> 'Loading...'; no valid access token -> /login keeping the origin; level still
 * unknown -> 'Loading...'; level not allowed -> /login. Redirects replace history so Back does not
 * bounce the user into the guard again.
 */
export function ProtectedRoute({ levels, children }: ProtectedRouteProps) {
  const { isLoggedIn, isPending } = useSession();
  const level = useLevel();
  const { pathname, search } = useLocation();

  // A refresh is deciding whether the visitor is still signed in.
  if (!isLoggedIn && isPending) return <PageLoading />;
  if (!isLoggedIn) return <Navigate to={loginWithRedirect(pathname + search)} replace />;
  if (level === undefined) return <PageLoading />;
  if (!levels.includes(level)) return <Navigate to={paths.login} replace />;
  return children ?? <Outlet />;
}
