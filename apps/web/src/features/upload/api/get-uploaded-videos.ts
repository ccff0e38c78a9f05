import { videoList, type VideoList } from '@app/contracts/videos';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/videos?keys=a,b`: only the given videos (the ones an upload just created). */
export function getUploadedVideos(api: ApiClient, keys: readonly string[], signal?: AbortSignal): Promise<VideoList> {
  return api.request(`/api/user/videos?${new URLSearchParams({ keys: keys.join(',') })}`, { schema: videoList, signal });
}

/** The videos an upload just created, read again when one's processing state changes (`uploadUpdates`), so the confirm page shows it. */
export function useUploadedVideos(keys: readonly string[]) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.videos.byKeys(session.userId ?? session.userUuid, keys),
    queryFn: ({ signal }) => getUploadedVideos(api, keys, signal),
    enabled: session.isLoggedIn && keys.length > 0,
  });
}
