import { userUsage, type UserUsage } from '@app/contracts/user-usage';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';

/** `GET /api/user/usage`: the signed-in user's subscriptions (spec section 7). */
export function getUsage(api: ApiClient, signal?: AbortSignal): Promise<UserUsage> {
  return api.request('/api/user/usage', { schema: userUsage, signal });
}

/** Keyed by user so a different sign-in in the same tab never sees the previous user's usage. */
export function usageQueryKey(userKey: string | number | undefined) {
  return ['users', userKey ?? 'signed-in', 'usage'] as const;
}

export function useUsage({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: usageQueryKey(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => getUsage(api, signal),
    // Only ever with a token: without one the server can only answer 401.
    enabled: enabled && session.isLoggedIn,
  });
}
