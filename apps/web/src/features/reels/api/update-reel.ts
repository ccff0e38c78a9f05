import { reel, type Reel, type ReelView, type UpdateReelBody } from '@app/contracts/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PUT /api/user/reels/{reelId} {title, chunks:[{clip, in, out, description}]}`: the whole reel but its
 * share link, which has its own switch (`PUT /api/user/reels/{reelId}/sharing`).
 */
export function updateReel(api: ApiClient, reelId: string, body: UpdateReelBody): Promise<Reel> {
  return api.request(`/api/user/reels/${encodeURIComponent(reelId)}`, { method: 'PUT', body, schema: reel });
}

/**
 * The saved reel replaces the cached one; the lists (reel titles, clip descriptions) and the
 * reel's export (discarded by the server on any change) are refetched.
 */
export function useUpdateReel(reelId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  return useMutation({
    mutationFn: (body: UpdateReelBody) => updateReel(api, reelId, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData<ReelView>(queryKeys.reels.detail(userKey, reelId), (old) => ({ ...saved, owned: old?.owned ?? true }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reels.all(userKey) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clips.all(userKey) }),
      ]);
    },
  });
}
