import type { Video, VideoList } from '@app/contracts/videos';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { useInfiniteList } from '@/lib/use-infinite-list';
import { getVideos } from '@/lib/videos/get-videos';

/** Cards per page: four rows of three on a desktop. */
export const VIDEOS_PAGE_SIZE = 12;
/** While a video is being processed its card shows progress; this is how often it is refreshed. */
export const PROCESSING_POLL_MS = 3000;

export function isProcessing(videos: readonly Pick<Video, 'status'>[]): boolean {
  return videos.some((video) => video.status === 'processing');
}

/** The library grid (`GET /api/user/videos`, paged): pages follow the `next` cursor; refreshed every 3 s while any card is processing. */
export function useVideos() {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteList<VideoList>({
    queryKey: queryKeys.videos.list(session.userId ?? session.userUuid),
    fetchPage: (timestamp, signal) => getVideos(api, { limit: VIDEOS_PAGE_SIZE, timestamp }, signal),
    enabled: session.isLoggedIn,
    refetchInterval: (query) =>
      isProcessing(query.state.data?.pages.flatMap((page) => page.items) ?? []) ? PROCESSING_POLL_MS : false,
  });
}
