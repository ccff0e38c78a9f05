import { teamResponse, teamsResponse, type TeamListItem } from '@app/contracts/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';

/** `GET /api/user/teams`: teams the user was invited to or joined, the current one first. */
export function useTeams() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: ['users', session.userId ?? session.userUuid ?? 'signed-in', 'teams'],
    queryFn: ({ signal }): Promise<TeamListItem[]> => api.request('/api/user/teams', { schema: teamsResponse, signal }),
    enabled: session.isLoggedIn,
  });
}

/** `PUT /api/channel/{owner}/{channel}/members`: join or activate a team (spec section 4, team activation). */
export function useActivateTeam() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, channel }: Pick<TeamListItem, 'username' | 'channel'>) =>
      api.request(`/api/channel/${encodeURIComponent(username)}/${encodeURIComponent(channel)}/members`, { method: 'PUT', schema: teamResponse }),
    // The team, the teams list and everything team-scoped change with the active team.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
