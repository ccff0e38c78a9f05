import { teamResponse, type TeamResponse } from '@app/contracts/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/channel/{owner}/{channel}/members`: an invitation item's 'Join channel' joins (and activates) its team. */
export function useJoinTeam() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, channel }: { username: string; channel: string }): Promise<TeamResponse> =>
      api.request(`/api/channel/${encodeURIComponent(username)}/${encodeURIComponent(channel)}/members`, { method: 'PUT', schema: teamResponse }),
    // The team, the teams list and everything team-scoped change with the active team.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users() }),
  });
}
