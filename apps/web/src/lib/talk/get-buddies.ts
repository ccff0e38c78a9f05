import { buddyList, type Buddy } from '@app/contracts/talk';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** Teammates by lower-case username (usernames are unique regardless of case). */
export type BuddyMap = ReadonlyMap<string, Buddy>;

const EMPTY: Buddy[] = [];

function byUsername(buddies: readonly Buddy[]): BuddyMap {
  return new Map(buddies.map((b) => [b.username.toLowerCase(), b]));
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
  const data = query.data ?? EMPTY;
  return useMemo(() => byUsername(data), [data]);
}

/** `GET /api/user/buddies?usernames=`: the given people, when they are teammates (others are absent). */
export function useBuddies(usernames: readonly string[]) {
  const api = useApiClient();
  const session = useSession();
  const unique = useMemo(() => [...new Set(usernames)].sort(), [usernames]);
  const query = useQuery({
    queryKey: queryKeys.talk.buddiesByName(session.userId ?? session.userUuid, unique),
    queryFn: ({ signal }) => api.request(`/api/user/buddies?${new URLSearchParams({ usernames: unique.join(',') })}`, { schema: buddyList, signal }),
    enabled: session.isLoggedIn && unique.length > 0,
    staleTime: 5 * 60_000,
  });
  const data = query.data ?? EMPTY;
  return useMemo(() => byUsername(data), [data]);
}

/** Lower-case username -> username, as mention links want it. */
export function mentionMap(buddies: BuddyMap): ReadonlyMap<string, string> {
  return new Map([...buddies].map(([key, buddy]) => [key, buddy.username]));
}
