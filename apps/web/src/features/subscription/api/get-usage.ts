import { usageResponse, type UsageResponse } from '@app/contracts/billing';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/user/usage`: the signed-in user's subscriptions, read by the plan card and the pricing table,
 * and by the app's level (the app may import a feature; no other feature may).
 */
export function getUsage(api: ApiClient, signal?: AbortSignal): Promise<UsageResponse> {
  return api.request('/api/user/usage', { schema: usageResponse, signal });
}

export function useUsage({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.usage(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => getUsage(api, signal),
    // Only ever with a token: without one the server can only answer 401.
    enabled: enabled && session.isLoggedIn,
  });
}
