import { scheduleMailSettings, type ScheduleMailSettings } from '@app/contracts/schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

const path = '/api/user/schedule-settings';

/** `GET /api/user/schedule-settings`: whether schedule reminders are e-mailed. */
export function useScheduleSettings() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.schedule.settings(session.userId ?? session.userUuid),
    queryFn: ({ signal }): Promise<ScheduleMailSettings> => api.request(path, { schema: scheduleMailSettings, signal }),
  });
}

/** `PUT /api/user/schedule-settings`: the switch; the answer is the new state. */
export function useUpdateScheduleSettings() {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ScheduleMailSettings): Promise<ScheduleMailSettings> => api.request(path, { method: 'PUT', body: settings, schema: scheduleMailSettings }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.schedule.settings(session.userId ?? session.userUuid), settings),
  });
}

/** `POST /api/schedule/unsubscribe/{token}` (no sign-in): a schedule e-mail's signed link switches them off. */
export function useScheduleUnsubscribe(token: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (): Promise<ScheduleMailSettings> =>
      api.request(`/api/schedule/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST', schema: scheduleMailSettings }),
  });
}
