import { inviteResponse, type InviteResponse } from '@app/contracts/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/channel/{owner}/{channel}/invites {member}`: the owner invites by e-mail or username. */
export function useInviteMember(owner: string, channel: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: string): Promise<InviteResponse> =>
      api.request(`/api/channel/${encodeURIComponent(owner)}/${encodeURIComponent(channel)}/invites`, {
        method: 'PUT',
        body: { member },
        schema: inviteResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users() }),
  });
}
