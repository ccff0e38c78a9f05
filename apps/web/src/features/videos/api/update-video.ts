import { video, type UpdateVideoBody, type Video } from '@app/contracts/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PUT /api/user/videos/{key}` with the fields that change (title or highlights; the server
 * accepts the whole video too). Answers the updated video.
 */
export function updateVideo(api: ApiClient, key: string, body: UpdateVideoBody): Promise<Video> {
  return api.request(`/api/user/videos/${encodeURIComponent(key)}`, { method: 'PUT', body, schema: video });
}

/**
 * A change of a video that answers the video. Optimistic: the page shows `preview` of the change at
 * once (a marked highlight must appear on the timeline while the game plays on), and rolls back if
 * the server refuses it.
 */
export function useVideoChange<T>(key: string, send: (api: ApiClient, change: T) => Promise<Video>, preview: (current: Video, change: T) => Video) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  const queryKey = queryKeys.videos.detail(userKey, key);
  return useMutation({
    mutationKey: queryKey,
    mutationFn: (change: T) => send(api, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Video>(queryKey);
      if (previous) queryClient.setQueryData<Video>(queryKey, preview(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (updated) => {
      // Only when no later save is still on its way: its optimistic state is newer than this answer.
      if (queryClient.isMutating({ mutationKey: queryKey }) <= 1) queryClient.setQueryData(queryKey, updated);
    },
    // The grid shows titles too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.videos.list(userKey) }),
  });
}

/** The owner renames the video. */
export function useUpdateVideo(key: string) {
  return useVideoChange(key, (api, body: Pick<UpdateVideoBody, 'title'>) => updateVideo(api, key, body), (current, body) => ({
    ...current,
    ...(body.title !== undefined && { title: body.title }),
  }));
}
