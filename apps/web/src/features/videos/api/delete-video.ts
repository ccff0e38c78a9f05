import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/user/videos/{key}`: the owner deletes a video (204); anyone else gets 404. */
export function deleteVideo(api: ApiClient, key: string): Promise<void> {
  return api.request<void>(`/api/user/videos/${encodeURIComponent(key)}`, { method: 'DELETE' });
}

/**
 * Deletes a video, then refreshes every list of the user's videos (libraries, dashboard, an
 * upload's confirm page) but not the video's own queries: its page may still be on screen for a
 * moment (it leaves on success), and a refetch would only find a 404. Those age out of the cache
 * unused. The video page's button, which the app also gives the upload confirm page.
 */
export function useDeleteVideo() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  return useMutation({
    mutationFn: (key: string) => deleteVideo(api, key),
    onSuccess: async (_data, key) => {
      const own = queryKeys.videos.detail(userKey, key);
      await queryClient.cancelQueries({ queryKey: own });
      await queryClient.invalidateQueries({
        queryKey: queryKeys.videos.all(userKey),
        predicate: (query) => !own.every((part, i) => query.queryKey[i] === part),
      });
    },
  });
}
