import { usageResponse, type UsageResponse } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/billing/local/cancel`: ends the built-in test subscription at once (no period to run out). */
export function cancelLocal(api: ApiClient): Promise<UsageResponse> {
  return api.request('/api/billing/local/cancel', { method: 'POST', schema: usageResponse });
}

export function useCancelLocal() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: () => cancelLocal(api),
    onSuccess: async (usage) => {
      const queryKey = queryKeys.usage(session.userId ?? session.userUuid);
      await queryClient.cancelQueries({ queryKey, exact: true });
      // The level follows at once. With the list now empty, LevelProvider loads the user record
      // itself for the trial rule; cancelling changes nothing in that record, so nothing to invalidate.
      queryClient.setQueryData(queryKey, usage);
    },
  });
}
