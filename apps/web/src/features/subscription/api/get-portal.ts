import { portalResponse, type PortalResponse } from '@app/contracts/billing';
import { useMutation } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';

/** `GET /api/billing/portal` (Stripe only): a one-time Stripe billing portal address. */
export function getPortal(api: ApiClient): Promise<PortalResponse> {
  return api.request('/api/billing/portal', { schema: portalResponse });
}

/**
 * A mutation although it is a GET: each call opens a new short-lived portal session, asked for
 * on a click and used once, so there is nothing to cache or refetch.
 */
export function usePortal() {
  const api = useApiClient();
  return useMutation({ mutationFn: () => getPortal(api) });
}
