import { followState } from '@app/contracts/live';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

function followPath(owner: string, channel: string) {
  return `/api/teams/${encodeURIComponent(owner)}/${encodeURIComponent(channel)}/follow`;
}

/** Whether the user follows a team (`GET`), and `PUT`/`DELETE` to change it; the lists reorder (followed teams first). */
export function useFollow(owner: string, channel: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  const userKey = session.userId ?? session.userUuid;
  const key = queryKeys.live.follow(userKey, owner, channel);
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.request(followPath(owner, channel), { schema: followState, signal }),
    enabled: session.isLoggedIn,
    staleTime: 60_000,
  });
  const change = useMutation({
    mutationFn: (follow: boolean) =>
      api.request(followPath(owner, channel), { method: follow ? 'PUT' : 'DELETE', schema: followState }),
    onSuccess: async (data) => {
      queryClient.setQueryData(key, data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.live.all(userKey), predicate: (q) => q.queryKey[3] !== 'follow' });
    },
  });
  return { following: change.isPending ? change.variables : state.data?.following, change };
}
