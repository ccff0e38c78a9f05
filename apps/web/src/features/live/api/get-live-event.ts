import { liveEvent, type LiveEvent } from '@app/contracts/live';
import { useQuery } from '@tanstack/react-query';

import { mediaRenewDelay } from '@/components/player/sources';
import { LIVE_REFRESH_MS } from '@/features/live/api/live-lists';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

export function getLiveEvent(api: ApiClient, key: string, signal?: AbortSignal): Promise<LiveEvent> {
  return api.request(`/api/live/${encodeURIComponent(key)}`, { schema: liveEvent, signal });
}

/**
 * `GET /api/live/{key}`: the event, whether this viewer may play it, and the playlist URL with a
 * playback token. Fetched again every 30 s (status, viewers) and before the token expires, so the
 * player can use the new token for its next requests without reloading.
 */
export function useLiveEvent(key: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.live.event(session.userId ?? session.userUuid, key),
    queryFn: ({ signal }) => getLiveEvent(api, key, signal),
    enabled: session.isLoggedIn,
    refetchInterval: (query) => {
      const renew = mediaRenewDelay(query.state.data?.sourceExpiresAt);
      return renew === false ? LIVE_REFRESH_MS : Math.min(renew, LIVE_REFRESH_MS);
    },
  });
}
