import { scheduleItemDetail, type ScheduleItemDetail } from '@app/contracts/schedule';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { notePosition } from '@/lib/updates/list-positions';

/** `GET /api/team/schedule/{id}`: the item; for the team owner also every member's answer (or none). */
export function useScheduleItem(id: string) {
  const api = useApiClient();
  const session = useSession();
  const queryKey = queryKeys.schedule.detail(session.userId ?? session.userUuid, id);
  return useQuery({
    queryKey,
    queryFn: ({ signal }): Promise<ScheduleItemDetail> =>
      api.request(`/api/team/schedule/${encodeURIComponent(id)}`, { schema: scheduleItemDetail, signal, onResponse: notePosition(queryKey) }),
    enabled: session.isLoggedIn,
  });
}
