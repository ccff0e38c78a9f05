import { sharedReel, type SharedReel } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';

import { mediaRenewDelay } from '@/components/player/sources';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/reels/{reelId}` (no token needed): the share link, with the maker's team; 404 when sharing is off. */
export function getSharedReel(api: ApiClient, reelId: string, signal?: AbortSignal): Promise<SharedReel> {
  return api.request(`/api/reels/${encodeURIComponent(reelId)}`, { schema: sharedReel, signal });
}

/** The shared reel, fetched again before its signed chunk URLs expire. */
export function useSharedReel(reelId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.reels.shared(reelId),
    queryFn: ({ signal }) => getSharedReel(api, reelId, signal),
    enabled: reelId !== '',
    refetchInterval: (query) => mediaRenewDelay(query.state.data?.mediaExpiresAt),
    refetchIntervalInBackground: true,
  });
}
