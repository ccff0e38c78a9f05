import { publicCard, type PublicCard } from '@app/contracts/recruiting';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { mediaRenewDelay } from '@/lib/media-renewal';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/a/{id}` (no sign-in): a published card; fetched again before its reel's signed URLs expire. */
export function usePublicCard(cardId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.recruitingCard(cardId),
    queryFn: ({ signal }): Promise<PublicCard> => api.request(`/api/a/${encodeURIComponent(cardId)}`, { schema: publicCard, signal }),
    enabled: cardId !== '',
    // A withdrawn link stays withdrawn: no retries hammering a rate-limited route.
    retry: false,
    refetchInterval: ({ state }) => mediaRenewDelay(state.data?.reel?.mediaExpiresAt),
    refetchIntervalInBackground: true,
  });
}
