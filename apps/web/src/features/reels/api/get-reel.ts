import { reelView, type ReelView } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { mediaRenewDelay } from '@/lib/media-renewal';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/reels/{reelId}`: a reel I made, or a clip's own reel I may see; `owned` when I made it. */
export function getReel(api: ApiClient, reelId: string, signal?: AbortSignal): Promise<ReelView> {
  return api.request(`/api/user/reels/${encodeURIComponent(reelId)}`, { schema: reelView, signal });
}

/**
 * One reel (a clip page plays its clip's reel, the editors edit it), fetched again shortly before its
 * signed chunk URLs expire, also in a background tab, so the chunk player always has live ones.
 */
export function useReel(reelId: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.reels.detail(session.userId ?? session.userUuid, reelId),
    queryFn: ({ signal }) => getReel(api, reelId, signal),
    enabled: session.isLoggedIn && reelId !== '',
    refetchInterval: (query) => mediaRenewDelay(query.state.data?.mediaExpiresAt),
    refetchIntervalInBackground: true,
  });
}
