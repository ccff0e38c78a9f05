import type { ReelView } from '@app/contracts/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/user/clips/{_id}/save` (into my library) or `DELETE` it (out again); both 204. */
export async function setClipSaved(api: ApiClient, clipId: string, saved: boolean): Promise<void> {
  await api.request(`/api/user/clips/${encodeURIComponent(clipId)}/save`, { method: saved ? 'POST' : 'DELETE' });
}

/**
 * Saves or unsaves someone else's clip; its page (the clip's reel) shows the new state, and my clip
 * lists, which hold saved clips, are fetched again.
 */
export function useSaveClip(clipId: string, reelId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  return useMutation({
    mutationFn: (saved: boolean) => setClipSaved(api, clipId, saved),
    onSuccess: async (_, saved) => {
      queryClient.setQueryData<ReelView>(queryKeys.reels.detail(userKey, reelId), (old) => old && { ...old, saved });
      await queryClient.invalidateQueries({ queryKey: queryKeys.clips.all(userKey) });
    },
  });
}
