import { clipList, type ClipList } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys, type ClipScope } from '@/lib/query-keys';
import { useInfiniteList } from '@/lib/use-infinite-list';

/** Cards per page: four rows of three on a desktop. */
export const CLIPS_PAGE_SIZE = 12;

const CLIP_LISTS: Record<ClipScope, string> = { mine: '/api/user/clips', team: '/api/team/clips' };

/**
 * `GET /api/user/clips?limit=&timestamp=` (my clips, made or saved) or `GET /api/team/clips` (every clip of
 * my active team's games), newest first; `timestamp` is the previous page's `next`.
 */
export function getClips(
  api: ApiClient,
  { scope, limit, timestamp }: { scope: ClipScope; limit: number; timestamp?: number },
  signal?: AbortSignal,
): Promise<ClipList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (timestamp !== undefined) query.set('timestamp', String(timestamp));
  return api.request(`${CLIP_LISTS[scope]}?${query}`, { schema: clipList, signal });
}

/** A clip library, paged on scroll. */
export function useClips(scope: ClipScope = 'mine') {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteList<ClipList>({
    queryKey: queryKeys.clips.list(session.userId ?? session.userUuid, scope),
    fetchPage: (timestamp, signal) => getClips(api, { scope, limit: CLIPS_PAGE_SIZE, timestamp }, signal),
    enabled: session.isLoggedIn,
  });
}

/** The newest clips: the library home's Clips (mine) and the dashboard's New Clips (the team's). */
export function useRecentClips(scope: ClipScope, limit: number) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.clips.recent(session.userId ?? session.userUuid, limit, scope),
    queryFn: ({ signal }) => getClips(api, { scope, limit }, signal),
    enabled: session.isLoggedIn,
  });
}
