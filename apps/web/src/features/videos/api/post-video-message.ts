import { videoMessage, type VideoMessage } from '@app/contracts/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/user/videos/{key}/messages {message}`: answers the stored message. */
export function postVideoMessage(api: ApiClient, key: string, message: string): Promise<VideoMessage> {
  return api.request(`/api/user/videos/${encodeURIComponent(key)}/messages`, {
    method: 'POST',
    body: { message },
    schema: videoMessage,
  });
}

/** A posted message is prepended locally (no refetch of the whole list). */
export function usePostVideoMessage(key: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const queryKey = queryKeys.videos.messages(session.userId ?? session.userUuid, key);
  return useMutation({
    mutationFn: (message: string) => postVideoMessage(api, key, message),
    onSuccess: (posted) => {
      queryClient.setQueryData<VideoMessage[]>(queryKey, (list) => [posted, ...(list ?? []).filter((m) => m._id !== posted._id)]);
    },
  });
}
