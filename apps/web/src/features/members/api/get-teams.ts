import { teamsResponse, type TeamListItem } from '@app/contracts/teams';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/teams`: teams the user was invited to or joined, the current one first. */
export function getTeams(api: ApiClient, signal?: AbortSignal): Promise<TeamListItem[]> {
  return api.request('/api/user/teams', { schema: teamsResponse, signal });
}

export function useTeams() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.teams(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => getTeams(api, signal),
    enabled: session.isLoggedIn,
  });
}
