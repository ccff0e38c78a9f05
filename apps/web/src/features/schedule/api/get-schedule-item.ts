import { scheduleItemDetail, type ScheduleItemDetail } from '@app/contracts/schedule';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/team/schedule/{id}`: the item; for the team owner also every member's answer (or none). */
export function useScheduleItem(id: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.schedule.detail(session.userId ?? session.userUuid, id),
    queryFn: ({ signal }): Promise<ScheduleItemDetail> =>
      api.request(`/api/team/schedule/${encodeURIComponent(id)}`, { schema: scheduleItemDetail, signal }),
    enabled: session.isLoggedIn,
  });
}
