import { videoList, type VideoList } from '@app/contracts/videos';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/videos?limit=n`: the newest videos, for the library home and the team dashboard. */
export function getRecentVideos(api: ApiClient, limit: number, signal?: AbortSignal): Promise<VideoList> {
  return api.request(`/api/user/videos?limit=${limit}`, { schema: videoList, signal });
}

export function useRecentVideos(limit: number) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    // Under the user's videos key: invalidating the user's videos refreshes this too.
    queryKey: queryKeys.videos.recent(session.userId ?? session.userUuid, limit),
    queryFn: ({ signal }) => getRecentVideos(api, limit, signal),
    enabled: session.isLoggedIn,
    // Progress on a processing card moves on while the page is open.
    refetchInterval: (query) => (query.state.data?.items.some((v) => v.status === 'processing') ? 3000 : false),
  });
}
