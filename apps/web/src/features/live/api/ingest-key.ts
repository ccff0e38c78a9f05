import { ingestKeyResponse } from '@app/contracts/live';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/events/{key}/ingest` (owner only): fetched when the owner asks to see it, not before. */
export function useIngestKey(key: string, enabled: boolean) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.live.ingestKey(session.userId ?? session.userUuid, key),
    queryFn: ({ signal }) => api.request(`/api/events/${encodeURIComponent(key)}/ingest`, { schema: ingestKeyResponse, signal }),
    enabled: enabled && session.isLoggedIn,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST /api/events/{key}/ingest`: a new ingest key; the old one stops working at once. */
export function useRenewIngestKey(key: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request(`/api/events/${encodeURIComponent(key)}/ingest`, { method: 'POST', schema: ingestKeyResponse }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.live.ingestKey(session.userId ?? session.userUuid, key), data),
  });
}
