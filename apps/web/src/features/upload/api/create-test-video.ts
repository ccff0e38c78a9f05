import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/user/testvideo` (empty body): a sample video to try highlights and clips on. */
export function createTestVideo(api: ApiClient): Promise<unknown> {
  return api.request('/api/user/testvideo', { method: 'POST' });
}

export function useCreateTestVideo() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: () => createTestVideo(api),
    // The dashboard and libraries list the new video.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.videos.all(session.userId ?? session.userUuid) }),
  });
}
