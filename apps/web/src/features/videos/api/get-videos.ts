import { videoList, type VideoList } from '@app/contracts/videos';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { useInfiniteList } from '@/lib/use-infinite-list';

/** Cards per page: four rows of three on a desktop. */
export const VIDEOS_PAGE_SIZE = 12;

export type VideosQuery = {
  limit: number;
  /** The previous page's `next` (the paging cursor). */
  timestamp?: string;
};

/**
 * `GET /api/user/videos?limit=&timestamp=`: the user's and team's videos, newest first: the libraries
 * (paged), the library home and the dashboard (newest few).
 */
export function getVideos(api: ApiClient, { limit, timestamp }: VideosQuery, signal?: AbortSignal): Promise<VideoList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (timestamp) query.set('timestamp', timestamp);
  return api.request(`/api/user/videos?${query}`, { schema: videoList, signal });
}

/** The library grid (`GET /api/user/videos`, paged): pages follow the `next` cursor; read again when a video's processing state changes (`videoUpdates`). */
export function useVideos() {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteList<VideoList>({
    queryKey: queryKeys.videos.list(session.userId ?? session.userUuid),
    fetchPage: (timestamp, signal) => getVideos(api, { limit: VIDEOS_PAGE_SIZE, timestamp }, signal),
    enabled: session.isLoggedIn,
  });
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
