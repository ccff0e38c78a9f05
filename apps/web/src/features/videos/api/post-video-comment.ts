import { videoComment, type VideoComment } from '@app/contracts/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/user/videos/{key}/messages {message}`: answers the stored comment. */
export function postVideoComment(api: ApiClient, key: string, content: string): Promise<VideoComment> {
  return api.request(`/api/user/videos/${encodeURIComponent(key)}/messages`, {
    method: 'POST',
    body: { message: content },
    schema: videoComment,
  });
}

/** A posted comment is prepended locally (no refetch of the whole list). */
export function usePostVideoComment(key: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const queryKey = queryKeys.videos.comments(session.userId ?? session.userUuid, key);
  return useMutation({
    mutationFn: (content: string) => postVideoComment(api, key, content),
    onSuccess: (posted) => {
      queryClient.setQueryData<VideoComment[]>(queryKey, (list) => [posted, ...(list ?? []).filter((c) => c._id !== posted._id)]);
    },
  });
}
