import { buddyList, type Buddy } from '@app/contracts/talk';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

const EMPTY: Buddy[] = [];

/**
 * `GET /api/team/buddies`: the active team's members by lower-case username (none while it loads), for
 * the pictures beside the answers. Under the key team talk reads them with, so one list serves both.
 */
export function useTeamBuddies(): ReadonlyMap<string, Buddy> {
  const api = useApiClient();
  const session = useSession();
  const query = useQuery({
    queryKey: queryKeys.talk.buddies(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => api.request('/api/team/buddies', { schema: buddyList, signal }),
    enabled: session.isLoggedIn,
    // Names and pictures change rarely; a page opened a minute later need not ask again.
    staleTime: 5 * 60_000,
  });
  const list = query.data ?? EMPTY;
  return useMemo(() => new Map(list.map((b) => [b.username.toLowerCase(), b])), [list]);
}
