import { clipList, type Clip } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/user/clips/{liveKey}`: the clips saved during a game's live event, newest first (a page,
 * `{items, next}`). Under the stream's clips key, which the live viewer reads too.
 */
export function useEventClips(liveKey: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.clips.ofStream(session.userId ?? session.userUuid, liveKey),
    queryFn: async ({ signal }): Promise<Clip[]> => (await api.request(`/api/user/clips/${encodeURIComponent(liveKey)}`, { schema: clipList, signal })).items,
    enabled: session.isLoggedIn,
  });
}
