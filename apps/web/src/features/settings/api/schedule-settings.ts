import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

const path = '/api/user/schedule-settings';
// The server's answer (`{reminderEmail}`); not in the shared contracts yet.
const scheduleSettings = z.object({ reminderEmail: z.boolean() });
type ScheduleSettings = z.infer<typeof scheduleSettings>;

/** `GET /api/user/schedule-settings`: whether schedule reminders are e-mailed. */
export function useScheduleSettings() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.schedule.settings(session.userId ?? session.userUuid),
    queryFn: ({ signal }): Promise<ScheduleSettings> => api.request(path, { schema: scheduleSettings, signal }),
  });
}

/** `PUT /api/user/schedule-settings`: the switch; the answer is the new state. */
export function useUpdateScheduleSettings() {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ScheduleSettings): Promise<ScheduleSettings> => api.request(path, { method: 'PUT', body: settings, schema: scheduleSettings }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.schedule.settings(session.userId ?? session.userUuid), settings),
  });
}

/** `POST /api/schedule/unsubscribe/{token}` (no sign-in): a schedule e-mail's signed link switches them off. */
export function useScheduleUnsubscribe(token: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (): Promise<ScheduleSettings> =>
      api.request(`/api/schedule/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST', schema: scheduleSettings }),
  });
}
