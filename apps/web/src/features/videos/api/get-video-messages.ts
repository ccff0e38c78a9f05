import { videoMessages, type VideoMessage } from '@app/contracts/videos';
import { useQuery } from '@tanstack/react-query';

import { videoQueryKey } from '@/features/videos/api/get-video';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';

export function videoMessagesQueryKey(userKey: string | number | undefined, key: string) {
  return [...videoQueryKey(userKey, key), 'messages'] as const;
}

/** `GET /api/user/videos/{key}/messages` (spec section 7): content and publisher, newest first. */
export function getVideoMessages(api: ApiClient, key: string, signal?: AbortSignal): Promise<VideoMessage[]> {
  return api.request(`/api/user/videos/${encodeURIComponent(key)}/messages`, { schema: videoMessages, signal });
}

export function useVideoMessages(key: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: videoMessagesQueryKey(session.userId ?? session.userUuid, key),
    queryFn: ({ signal }) => getVideoMessages(api, key, signal),
    enabled: session.isLoggedIn && key !== '',
  });
}
