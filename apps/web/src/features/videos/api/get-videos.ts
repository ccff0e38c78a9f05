import { videoList, type Video, type VideoList } from '@app/contracts/videos';
import { useInfiniteQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** Cards per page: four rows of three on a desktop. */
export const VIDEOS_PAGE_SIZE = 12;
/** While a video is being processed its card shows progress; this is how often it is refreshed. */
export const PROCESSING_POLL_MS = 3000;

/** `GET /api/user/videos?limit=&timestamp=`: newest first; `timestamp` is the previous page's `next` (spec section 4, paging). */
export function getVideos(
  api: ApiClient,
  { limit = VIDEOS_PAGE_SIZE, timestamp }: { limit?: number; timestamp?: string },
  signal?: AbortSignal,
): Promise<VideoList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (timestamp) query.set('timestamp', timestamp);
  return api.request(`/api/user/videos?${query}`, { schema: videoList, signal });
}

export function isProcessing(videos: readonly Pick<Video, 'status'>[]): boolean {
  return videos.some((video) => video.status === 'processing');
}

/** The library grid: pages follow the `next` cursor; refreshed every 3 s while any card is processing. */
export function useVideos() {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteQuery({
    queryKey: queryKeys.videos.list(session.userId ?? session.userUuid),
    queryFn: ({ pageParam, signal }) => getVideos(api, { timestamp: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: session.isLoggedIn,
    refetchInterval: (query) =>
      isProcessing(query.state.data?.pages.flatMap((page) => page.items) ?? []) ? PROCESSING_POLL_MS : false,
  });
}
