import { videoMessages, type VideoMessage } from '@app/contracts/videos';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/videos/{key}/messages`: content and publisher, newest first. */
export function getVideoMessages(api: ApiClient, key: string, signal?: AbortSignal): Promise<VideoMessage[]> {
  return api.request(`/api/user/videos/${encodeURIComponent(key)}/messages`, { schema: videoMessages, signal });
}

export function useVideoMessages(key: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.videos.messages(session.userId ?? session.userUuid, key),
    queryFn: ({ signal }) => getVideoMessages(api, key, signal),
    enabled: session.isLoggedIn && key !== '',
  });
}
