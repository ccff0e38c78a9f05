import { teamResponse, type TeamResponse } from '@app/contracts/teams';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/user/team`: the active team (`{ error }` when the user is in none), whose channel holds a
 * clip's comments. Under the members feature's key, so one answer serves both.
 */
export function useTeam() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.team(session.userId ?? session.userUuid),
    queryFn: ({ signal }): Promise<TeamResponse> => api.request('/api/user/team', { schema: teamResponse, signal }),
    enabled: session.isLoggedIn,
  });
}
