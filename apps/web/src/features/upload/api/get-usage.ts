import { userUsage, type UserUsage } from '@app/contracts/user-usage';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';

/**
 * `GET /api/user/usage`: whether the user has a subscription (spec section 3: subscribed = items
 * non-empty). The level alone cannot tell: a new coach or athlete has level team or athlete for 8
 * days without one. Features may not import each other, so this is the upload feature's own
 * fetcher; it uses the same query key and data as the subscription feature's, so both share one
 * cache entry and one request.
 */
export function getUsage(api: ApiClient, signal?: AbortSignal): Promise<UserUsage> {
  return api.request('/api/user/usage', { schema: userUsage, signal });
}

export function useIsSubscribed() {
  const api = useApiClient();
  const session = useSession();
  const usage = useQuery({
    queryKey: ['users', session.userId ?? session.userUuid ?? 'signed-in', 'usage'],
    queryFn: ({ signal }) => getUsage(api, signal),
    enabled: session.isLoggedIn,
  });
  return {
    /** Undefined while unknown. A failed load counts as subscribed here: the server still refuses an upload it must not take, and a network hiccup should not hide the uploader. */
    subscribed: usage.isPending ? undefined : usage.isError ? true : usage.data.items.length > 0,
  };
}
