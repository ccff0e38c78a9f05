import { video, type Video } from '@app/contracts/videos';
import { useIsMutating, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { mediaRenewDelay } from '@/lib/media-renewal';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/videos/{key}`. */
export function getVideo(api: ApiClient, key: string, signal?: AbortSignal): Promise<Video> {
  return api.request(`/api/user/videos/${encodeURIComponent(key)}`, { schema: video, signal });
}

/**
 * One video; read again when the update stream says its processing state changed (`videoUpdates`), and
 * shortly before its media URLs expire, so the player can swap in renewed ones (also in a background
 * tab, where a game may still be playing). Not while an edit of it is being saved: a refresh answered
 * before the save would briefly undo the optimistic change on screen.
 */
export function useVideo(key: string) {
  const api = useApiClient();
  const session = useSession();
  const queryKey = queryKeys.videos.detail(session.userId ?? session.userUuid, key);
  const saving = useIsMutating({ mutationKey: queryKey }) > 0;
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => getVideo(api, key, signal),
    enabled: session.isLoggedIn && key !== '',
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || saving) return false;
      return mediaRenewDelay(data.mediaExpiresAt);
    },
    refetchIntervalInBackground: true,
  });
}
