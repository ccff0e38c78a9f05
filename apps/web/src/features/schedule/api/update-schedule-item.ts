import type { UpdateScheduleItemBody } from '@app/contracts/schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PUT /api/team/schedule/{id}` (team owner): changes the item, or with `scope: "following"` it and the
 * later ones of its series; `DELETE` cancels it (it stays, struck through). Every list and item refreshes.
 */
export function useChangeScheduleItem(id: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all(session.userId ?? session.userUuid) });
  const path = `/api/team/schedule/${encodeURIComponent(id)}`;
  const update = useMutation({
    mutationFn: (body: UpdateScheduleItemBody) => api.request(path, { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: () => api.request(path, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { update, cancel };
}
