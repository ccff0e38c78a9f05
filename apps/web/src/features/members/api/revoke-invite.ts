import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invitesPath } from '@/features/members/api/get-pending-invites';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/channel/{owner}/{channel}/invites/{id}`: the owner withdraws a pending invitation. */
export function useRevokeInvite(owner: string, channel: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await api.request(`${invitesPath(owner, channel)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.pendingInvites(session.userId ?? session.userUuid, owner, channel) }),
  });
}
