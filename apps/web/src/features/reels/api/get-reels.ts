import { reelList, type ReelList } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { useInfiniteList } from '@/lib/use-infinite-list';

export const REELS_PAGE_SIZE = 12;

/** `GET /api/user/reels?limit=&timestamp=`: my reels, newest first. */
export function getReels(api: ApiClient, { limit, timestamp }: { limit: number; timestamp?: number }, signal?: AbortSignal): Promise<ReelList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (timestamp !== undefined) query.set('timestamp', String(timestamp));
  return api.request(`/api/user/reels?${query}`, { schema: reelList, signal });
}

export function useReels() {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteList<ReelList>({
    queryKey: queryKeys.reels.list(session.userId ?? session.userUuid),
    fetchPage: (timestamp, signal) => getReels(api, { limit: REELS_PAGE_SIZE, timestamp }, signal),
    enabled: session.isLoggedIn,
  });
}

/** My newest reels: the library home's Reels. */
export function useRecentReels(limit: number) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.reels.recent(session.userId ?? session.userUuid, limit),
    queryFn: ({ signal }) => getReels(api, { limit }, signal),
    enabled: session.isLoggedIn,
  });
}
