import { createScheduleItemResponse, type CreateScheduleItemBody } from '@app/contracts/schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/team/schedule` (team owner) -> `{_id}` (a series: its first occurrence); the lists refresh. */
export function useCreateScheduleItem() {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScheduleItemBody) => api.request('/api/team/schedule', { method: 'POST', body, schema: createScheduleItemResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all(session.userId ?? session.userUuid) }),
  });
}
