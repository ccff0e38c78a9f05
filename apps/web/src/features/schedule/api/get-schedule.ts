import { scheduleList, type ScheduleItem } from '@app/contracts/schedule';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { notePosition } from '@/lib/updates/list-positions';

const DAY_MS = 86_400_000;
/** The page's past toggle reaches this far back. */
const PAST_DAYS = 180;

/**
 * `GET /api/team/schedule`: `upcoming` is the server's default window (from yesterday, 90 days on: an
 * item still going on stays in it); `past` the items of the last months, which the page shows newest first.
 */
export function useSchedule(part: 'upcoming' | 'past') {
  const api = useApiClient();
  const session = useSession();
  const queryKey = queryKeys.schedule.list(session.userId ?? session.userUuid, part);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<ScheduleItem[]> => {
      // To the minute: a list read again within it is the same query, which the server keeps.
      const now = Math.floor(Date.now() / 60_000) * 60_000;
      const query = part === 'past' ? `?${new URLSearchParams({ from: new Date(now - PAST_DAYS * DAY_MS).toISOString(), to: new Date(now).toISOString() })}` : '';
      return (await api.request(`/api/team/schedule${query}`, { schema: scheduleList, signal, onResponse: notePosition(queryKey) })).items;
    },
    enabled: session.isLoggedIn,
  });
}
