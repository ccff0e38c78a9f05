import { buddyList } from '@app/contracts/talk';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { useBuddyMap } from '@/features/talk/api/get-team-buddies';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

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
  return useBuddyMap(query.data);
}
