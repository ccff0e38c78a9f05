import { reelSharing, type ReelSharing, type ReelView } from '@app/contracts/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PUT /api/user/reels/{reelId}/sharing {shared}`: the share link on or off at once, on its own
 * request (not with the editor's Save), so what the switch says is what the link does.
 */
export function useSetReelSharing(reelId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  return useMutation({
    mutationFn: (shared: boolean): Promise<ReelSharing> =>
      api.request(`/api/user/reels/${encodeURIComponent(reelId)}/sharing`, { method: 'PUT', body: { shared }, schema: reelSharing }),
    onSuccess: async ({ shared }) => {
      queryClient.setQueryData<ReelView>(queryKeys.reels.detail(userKey, reelId), (old) => old && { ...old, shared });
      await queryClient.invalidateQueries({ queryKey: queryKeys.reels.list(userKey) });
    },
  });
}
