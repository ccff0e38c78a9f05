import { plansResponse, type PlansResponse } from '@app/contracts/billing';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/billing/plans` (public): which provider bills, and its three plans. */
export function getPlans(api: ApiClient, signal?: AbortSignal): Promise<PlansResponse> {
  return api.request('/api/billing/plans', { schema: plansResponse, signal });
}

export function usePlans() {
  const api = useApiClient();
  return useQuery({
    // Not keyed by user: the plans are the server's configuration, the same for everyone.
    queryKey: queryKeys.plans(),
    queryFn: ({ signal }) => getPlans(api, signal),
    // Changes only with a server restart (new env); no need to ask again on every page.
    staleTime: 10 * 60_000,
  });
}
