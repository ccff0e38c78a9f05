import { clipList, type ClipList } from '@app/contracts/clips';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { useInfiniteList } from '@/lib/use-infinite-list';

// The clip library's page size: it reads the same pages under the same key.
const PAGE_SIZE = 12;

/**
 * `GET /api/user/clips?limit=&timestamp=`: my clips (made or saved), newest first, for the clip picker.
 * Under the clip library's key, so the two share one cache entry.
 */
export function useMyClips() {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteList<ClipList>({
    queryKey: queryKeys.clips.list(session.userId ?? session.userUuid, 'mine'),
    fetchPage: (timestamp, signal) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (timestamp !== undefined) query.set('timestamp', String(timestamp));
      return api.request(`/api/user/clips?${query}`, { schema: clipList, signal });
    },
    enabled: session.isLoggedIn,
  });
}
