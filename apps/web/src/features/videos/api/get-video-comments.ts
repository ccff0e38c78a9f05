import { videoComments, type VideoComment } from '@app/contracts/videos';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/videos/{key}/messages`: the comments (content and publisher), newest first. */
export function getVideoComments(api: ApiClient, key: string, signal?: AbortSignal): Promise<VideoComment[]> {
  return api.request(`/api/user/videos/${encodeURIComponent(key)}/messages`, { schema: videoComments, signal });
}

export function useVideoComments(key: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.videos.comments(session.userId ?? session.userUuid, key),
    queryFn: ({ signal }) => getVideoComments(api, key, signal),
    enabled: session.isLoggedIn && key !== '',
  });
}
