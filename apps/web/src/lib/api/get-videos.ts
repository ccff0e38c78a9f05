import { videoList, type VideoList } from '@app/contracts/videos';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

export type VideosQuery = {
  limit?: number;
  /** The previous page's `next` (the paging cursor). */
  timestamp?: string;
  /** Only these videos (the ones an upload just created). */
  keys?: readonly string[];
};

/**
 * `GET /api/user/videos?limit=&timestamp=&keys=`: the user's and team's videos,
 * newest first. Shared by the libraries (paged), the dashboard (newest few) and the upload page
 * (the videos it created).
 */
export function getVideos(api: ApiClient, { limit, timestamp, keys }: VideosQuery, signal?: AbortSignal): Promise<VideoList> {
  const query = new URLSearchParams();
  if (limit !== undefined) query.set('limit', String(limit));
  if (timestamp) query.set('timestamp', timestamp);
  if (keys) query.set('keys', keys.join(','));
  return api.request(`/api/user/videos?${query}`, { schema: videoList, signal });
}

/** The newest videos, for the library home and the team dashboard. */
export function useRecentVideos(limit: number) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    // Under the user's videos key: invalidating the user's videos refreshes this too.
    queryKey: queryKeys.videos.recent(session.userId ?? session.userUuid, limit),
    queryFn: ({ signal }) => getVideos(api, { limit }, signal),
    enabled: session.isLoggedIn,
  });
}
