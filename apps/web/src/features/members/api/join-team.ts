import { teamResponse, type TeamListItem, type TeamResponse } from '@app/contracts/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/channel/{owner}/{channel}/members`: join or activate an owner's team (team activation). */
export function joinTeam(api: ApiClient, owner: string, channel: string): Promise<TeamResponse> {
  const path = `/api/channel/${encodeURIComponent(owner)}/${encodeURIComponent(channel)}/members`;
  return api.request(path, { method: 'PUT', schema: teamResponse });
}

export function useJoinTeam() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, channel }: Pick<TeamListItem, 'username' | 'channel'>) => joinTeam(api, username, channel),
    // The team, the teams list and everything team-scoped change with the active team.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users() }),
  });
}
