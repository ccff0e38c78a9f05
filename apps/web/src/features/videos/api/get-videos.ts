import type { VideoList } from '@app/contracts/videos';

import { useApiClient } from '@/lib/api-client-context';
import { getVideos } from '@/lib/api/get-videos';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { useInfiniteList } from '@/lib/use-infinite-list';

/** Cards per page: four rows of three on a desktop. */
export const VIDEOS_PAGE_SIZE = 12;
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
