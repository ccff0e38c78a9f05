import { reelList } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/user/reels?limit=`: my newest reels, for the card's reel picker. Under the reels' key, so
 * a reel saved anywhere refreshes it.
 */
export function useRecentReels(limit: number) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.reels.recent(session.userId ?? session.userUuid, limit),
    queryFn: ({ signal }) => api.request(`/api/user/reels?${new URLSearchParams({ limit: String(limit) })}`, { schema: reelList, signal }),
    enabled: session.isLoggedIn,
  });
}
