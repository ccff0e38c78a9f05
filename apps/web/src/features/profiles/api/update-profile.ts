import { profileMe, type ProfileMe } from '@app/contracts/profiles';
import type { UpdateUserMeBody } from '@app/contracts/user-me';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** Form values as typed: the server reads the jersey from text as it does from a number. */
export type ProfileUpdate = Partial<Record<keyof UpdateUserMeBody, string>>;

/**
 * `PUT /api/user/me` with the athlete card's or the profile page's fields; the answer replaces the
 * own record, and every card and list showing the user's name is refreshed.
 */
export function useUpdateProfile() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  return useMutation({
    mutationFn: (body: ProfileUpdate): Promise<ProfileMe> => api.request('/api/user/me', { method: 'PUT', body, schema: profileMe }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.me(userKey), saved);
      // Names and usernames show in members lists, cards and talk; only the ones on screen refetch.
      await queryClient.invalidateQueries({ queryKey: queryKeys.users(), predicate: (query) => query.queryKey[2] !== 'me' });
    },
  });
}
