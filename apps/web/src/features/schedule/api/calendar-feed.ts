import { calendarFeed, type CalendarFeed } from '@app/contracts/schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/calendar`: my private feed's address, asked for when the panel opens. */
export function useCalendarFeed(enabled: boolean) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.schedule.calendar(session.userId ?? session.userUuid),
    queryFn: ({ signal }): Promise<CalendarFeed> => api.request('/api/user/calendar', { schema: calendarFeed, signal }),
    enabled: enabled && session.isLoggedIn,
  });
}

/** `POST /api/user/calendar/rotate`: a new address; the old one stops working at once. */
export function useRotateCalendarFeed() {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CalendarFeed> => api.request('/api/user/calendar/rotate', { method: 'POST', schema: calendarFeed }),
    onSuccess: (feed) => queryClient.setQueryData(queryKeys.schedule.calendar(session.userId ?? session.userUuid), feed),
  });
}
