import { liveEvent } from '@app/contracts/live';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** A game's stream is looked at again this often while its page is open (it may go live meanwhile). */
const STATUS_REFRESH_MS = 30_000;

/** `GET /api/live/{key}`'s status: where the game's link goes (upcoming, live now, archive). */
export function useGameStatus(liveKey: string | null) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: [...queryKeys.live.event(session.userId ?? session.userUuid, liveKey ?? ''), 'status'],
    queryFn: async ({ signal }) => (await api.request(`/api/live/${encodeURIComponent(liveKey ?? '')}`, { schema: liveEvent, signal })).status,
    enabled: liveKey !== null && session.isLoggedIn,
    refetchInterval: STATUS_REFRESH_MS,
  });
}
