import { Navigate, useLocation } from 'react-router';

import { paths } from '@/config/paths';
import { teamLevels, useLevel } from '@/lib/subscription/level-context';

/**
 * `/` and `/home`: redirect to /team for the levels that may open it; the others
 * (none, fan) would bounce off /team's guard to /login and back here, so they get /events.
 * Rendered inside a ProtectedRoute, so the visitor is signed in and the level is known.
 */
export function HomeRedirect() {
  const level = useLevel();
  // The state goes along: a flow that ends "home" may carry a notice for the page it lands on.
  const { state } = useLocation();
  const to = level && teamLevels.includes(level) ? paths.team : paths.events;
  return <Navigate to={to} replace state={state} />;
}
