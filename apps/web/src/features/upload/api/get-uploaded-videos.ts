import { videoList, type VideoList } from '@app/contracts/videos';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/videos?keys=a,b` (spec section 7): the videos an upload just created. */
export function getVideosByKeys(api: ApiClient, keys: readonly string[], signal?: AbortSignal): Promise<VideoList> {
  const query = new URLSearchParams({ keys: keys.join(',') });
  return api.request(`/api/user/videos?${query}`, { schema: videoList, signal });
}

/** Refreshed every 3 s while any of them is still processing, so the confirm page shows progress. */
export function useUploadedVideos(keys: readonly string[]) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.videos.byKeys(session.userId ?? session.userUuid, keys),
    queryFn: ({ signal }) => getVideosByKeys(api, keys, signal),
    enabled: session.isLoggedIn && keys.length > 0,
    refetchInterval: (query) => (query.state.data?.items.some((v) => v.status === 'processing') ? 3000 : false),
  });
}
