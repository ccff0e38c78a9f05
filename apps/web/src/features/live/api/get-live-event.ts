import { liveEvent, type LiveEvent } from '@app/contracts/live';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { mediaRenewDelay } from '@/lib/media-renewal';
import { LIVE_REFRESH_MS } from '@/features/live/api/live-lists';
import { clockOffset } from '@/features/live/utils/server-clock';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** The event as the page keeps it: with the server's clock minus this device's (see `serverNow`). */
export type LiveEventState = LiveEvent & { clockOffsetMs: number };

export function getLiveEvent(api: ApiClient, key: string, signal?: AbortSignal): Promise<LiveEvent> {
  return api.request(`/api/live/${encodeURIComponent(key)}`, { schema: liveEvent, signal });
}

/**
 * `GET /api/live/{key}`: the event, whether this viewer may play it, and the playlist URL with a
 * playback token. Fetched again every 30 s (the fallback when its update stream is down) and before
 * the token expires, so the player can use the new token for its next requests without reloading.
 * The clock offset is measured by the first fetch and kept.
 */
export function useLiveEvent(key: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  const queryKey = queryKeys.live.event(session.userId ?? session.userUuid, key);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<LiveEventState> => {
      const sentAt = Date.now();
      const event = await getLiveEvent(api, key, signal);
      const known = queryClient.getQueryData<LiveEventState>(queryKey)?.clockOffsetMs;
      return { ...event, clockOffsetMs: known ?? clockOffset(event.serverTime, sentAt, Date.now()) };
    },
    enabled: session.isLoggedIn,
    refetchInterval: (query) => {
      const renew = mediaRenewDelay(query.state.data?.sourceExpiresAt);
      return renew === false ? LIVE_REFRESH_MS : Math.min(renew, LIVE_REFRESH_MS);
    },
  });
}
