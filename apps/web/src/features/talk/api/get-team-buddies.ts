import { buddyList, type Buddy } from '@app/contracts/talk';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** Teammates by lower-case username (usernames are unique regardless of case). */
export type BuddyMap = ReadonlyMap<string, Buddy>;

const EMPTY: Buddy[] = [];

/** A buddy list (none while it loads) by lower-case username, the same map while the list stays the same. */
export function useBuddyMap(buddies: readonly Buddy[] | undefined): BuddyMap {
  const list = buddies ?? EMPTY;
  return useMemo(() => new Map(list.map((b) => [b.username.toLowerCase(), b])), [list]);
}

/** `GET /api/team/buddies`: the active team's members, for names, pictures and mention links. */
export function useTeamBuddies() {
  const api = useApiClient();
  const session = useSession();
  const query = useQuery({
    queryKey: queryKeys.talk.buddies(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => api.request('/api/team/buddies', { schema: buddyList, signal }),
    enabled: session.isLoggedIn,
    // Names and pictures change rarely; a page opened a minute later need not ask again.
    staleTime: 5 * 60_000,
  });
  return useBuddyMap(query.data);
}
