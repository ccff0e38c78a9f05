import { userMe, type UserMe } from '@app/contracts/user-me';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/me`: the own-user record, shared by the level, registration and members. */
export function getMe(api: ApiClient, signal?: AbortSignal): Promise<UserMe> {
  return api.request('/api/user/me', { schema: userMe, signal });
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.me(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => getMe(api, signal),
    enabled: enabled && session.isLoggedIn,
  });
}
