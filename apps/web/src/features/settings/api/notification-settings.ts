import { notificationSettings, type NotificationSettings } from '@app/contracts/talk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

const path = '/api/user/notification-settings';

/** `GET /api/user/notification-settings`: whether unread notifications are e-mailed. */
export function useNotificationSettings() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.notificationSettings(session.userId ?? session.userUuid),
    queryFn: ({ signal }): Promise<NotificationSettings> => api.request(path, { schema: notificationSettings, signal }),
  });
}

/** `PUT /api/user/notification-settings`: the switch; the answer is the new state. */
export function useUpdateNotificationSettings() {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings): Promise<NotificationSettings> => api.request(path, { method: 'PUT', body: settings, schema: notificationSettings }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.notificationSettings(session.userId ?? session.userUuid), settings),
  });
}
