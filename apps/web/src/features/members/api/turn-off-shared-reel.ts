import { reelSharing, type ReelSharing, type TeamSharedReelList } from '@app/contracts/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PUT /api/user/reels/{reelId}/sharing {shared:false}`: the team owner switches off a share link of
 * the team's footage (only its maker may switch it on again). The row leaves the owner's list.
 */
export function useTurnOffSharedReel(reelId: string, { onTurnedOff }: { onTurnedOff?: () => void } = {}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  return useMutation({
    mutationFn: (): Promise<ReelSharing> =>
      api.request(`/api/user/reels/${encodeURIComponent(reelId)}/sharing`, { method: 'PUT', body: { shared: false }, schema: reelSharing }),
    // Here, not in `mutate`'s options: the row that asked is gone with it by then.
    onSuccess: async () => {
      onTurnedOff?.();
      queryClient.setQueryData<TeamSharedReelList>(queryKeys.teamSharedReels(userKey), (old) => old && { items: old.items.filter((r) => r.reelId !== reelId) });
      // The owner may be the reel's maker too: their own reel pages show the link off.
      await queryClient.invalidateQueries({ queryKey: queryKeys.reels.all(userKey) });
    },
  });
}
