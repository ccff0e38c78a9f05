import { clipList, type ClipList } from '@app/contracts/clips';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** Cards per page: four rows of three on a desktop. */
export const CLIPS_PAGE_SIZE = 12;

/** `GET /api/user/clips?limit=&timestamp=`: my clips (made or saved), newest first; `timestamp` is the previous page's `next`. */
export function getClips(api: ApiClient, { limit, timestamp }: { limit: number; timestamp?: number }, signal?: AbortSignal): Promise<ClipList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (timestamp !== undefined) query.set('timestamp', String(timestamp));
  return api.request(`/api/user/clips?${query}`, { schema: clipList, signal });
}

/** The clip library, paged on scroll (spec section 4). */
export function useClips() {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteQuery({
    queryKey: queryKeys.clips.list(session.userId ?? session.userUuid),
    queryFn: ({ pageParam, signal }) => getClips(api, { limit: CLIPS_PAGE_SIZE, timestamp: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: session.isLoggedIn,
  });
}

/** The newest clips: the library home's Clips and the dashboard's New Clips. */
export function useRecentClips(limit: number) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.clips.recent(session.userId ?? session.userUuid, limit),
    queryFn: ({ signal }) => getClips(api, { limit }, signal),
    enabled: session.isLoggedIn,
  });
}
