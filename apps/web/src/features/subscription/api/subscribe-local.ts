import { usageResponse, type PlanType, type UsageResponse } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

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
   * Runs after the server said yes and before the new plan reaches the cache (usually: navigate to
   * where the plan leads). Meanwhile the level reads as unknown, so guards show 'Loading...'
   * instead of acting on it: /subscribe is for level `none` only and would otherwise send the user
   * to /login the moment the plan appears, before the navigation lands.
   */
  onSubscribed?: (type: PlanType) => Promise<void> | void;
};

/**
 * The promise of the current mount that settles when the component using it unmounts: the page it is
 * on has been replaced. One per mount, so a remount (StrictMode's, in development) gets a fresh one.
 */
function useUnmounted(): () => Promise<void> {
  const gone = useRef<Promise<void> | null>(null);
  useEffect(() => {
    let resolve = () => {};
    gone.current = new Promise<void>((done) => (resolve = done));
    return () => resolve();
  }, []);
  return useCallback(() => gone.current ?? Promise.resolve(), []);
}

export function useSubscribeLocal({ onSubscribed }: Options = {}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const unmounted = useUnmounted();
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
          // The navigation's promise settles when the router has moved, which may be before React has
          // replaced the page: a level-none guard still on screen would then send the user to /login.
          // The table leaving the screen is the event that says the old page is gone.
          await unmounted();
        }
      } finally {
        // The answer is the new usage: LevelProvider recomputes the level from it at once.
        queryClient.setQueryData(queryKey, usage);
      }
    },
  });
}
