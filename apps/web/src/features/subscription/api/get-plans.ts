import { plansResponse, type PlansResponse } from '@app/contracts/billing';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';

/** `GET /api/billing/plans` (public): which provider bills, and its three plans. */
export function getPlans(api: ApiClient, signal?: AbortSignal): Promise<PlansResponse> {
  return api.request('/api/billing/plans', { schema: plansResponse, signal });
}

/** Not keyed by user: the plans are the server's configuration, the same for everyone. */
export const plansQueryKey = ['billing', 'plans'] as const;

export function usePlans() {
  const api = useApiClient();
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: ({ signal }) => getPlans(api, signal),
    // Changes only with a server restart (new env); no need to ask again on every page.
    staleTime: 10 * 60_000,
  });
}
