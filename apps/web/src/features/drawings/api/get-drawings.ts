import { drawingList, type Drawing, type DrawingList } from '@app/contracts/film';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/videos/{key}/drawings`: the video's drawings in time order. */
export function getDrawings(api: ApiClient, videoKey: string, signal?: AbortSignal): Promise<Drawing[]> {
  return api.request(`/api/user/videos/${encodeURIComponent(videoKey)}/drawings`, { schema: drawingList, signal }).then((list: DrawingList) => list.items);
}

/** The drawings of a video; none asked for without a key (a reel's clip of a live game). */
export function useDrawings(videoKey: string | undefined) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.drawings.ofVideo(session.userId ?? session.userUuid, videoKey ?? ''),
    queryFn: ({ signal }) => getDrawings(api, videoKey ?? '', signal),
    enabled: session.isLoggedIn && Boolean(videoKey),
  });
}
