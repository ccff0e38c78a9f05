import { notificationSettings, type NotificationSettings } from '@app/contracts/talk';
import { useMutation } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';

/** `POST /api/unsubscribe/{token}` (no sign-in): the e-mail's signed link switches notification e-mail off. */
export function useUnsubscribe(token: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (): Promise<NotificationSettings> => api.request(`/api/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST', schema: notificationSettings }),
  });
}
