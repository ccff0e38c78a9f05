import { usageResponse, type PlanType, type UsageResponse } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/billing/local/subscribe`: the built-in test billing activates a plan at once. */
export function subscribeLocal(api: ApiClient, type: PlanType): Promise<UsageResponse> {
  return api.request('/api/billing/local/subscribe', { method: 'POST', body: { type }, schema: usageResponse });
}

type Options = {
  /**
   * Runs after the server said yes and before the new plan reaches the cache: navigate to where the plan
   * leads and settle once that page is on screen. Meanwhile the level reads as unknown, so guards show
   * 'Loading...' instead of acting on it: /subscribe is for level `none` only and would otherwise send the
   * user to /login if the plan appeared while it is still rendered.
   */
  onSubscribed?: (type: PlanType) => Promise<void> | void;
};

export function useSubscribeLocal({ onSubscribed }: Options = {}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (type: PlanType) => subscribeLocal(api, type),
    onSuccess: async (usage, type) => {
      const queryKey = queryKeys.usage(session.userId ?? session.userUuid);
      // A usage request still in flight would answer with the state from before the purchase.
      await queryClient.cancelQueries({ queryKey, exact: true });
      try {
        if (onSubscribed) {
          // Back to "never loaded" without a refetch (resetQueries would refetch, and race the navigation).
          queryClient.getQueryCache().find({ queryKey, exact: true })?.reset();
          await onSubscribed(type);
        }
      } finally {
        // The answer is the new usage: LevelProvider recomputes the level from it at once.
        queryClient.setQueryData(queryKey, usage);
      }
    },
  });
}
