import { notificationPage, type NotificationPage } from '@app/contracts/talk';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { notePosition } from '@/lib/updates/list-positions';
import { useInfiniteList } from '@/lib/use-infinite-list';

const PAGE_SIZE = 20;

/** `GET /api/user/notifications`, newest first, paged; the first page's `unread` is the bell's count. */
export function useNotifications() {
  const api = useApiClient();
  const session = useSession();
  const queryKey = queryKeys.talk.notifications(session.userId ?? session.userUuid);
  return useInfiniteList<NotificationPage>({
    queryKey,
    fetchPage: (timestamp, signal) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (timestamp !== undefined) query.set('timestamp', String(timestamp));
      return api.request(`/api/user/notifications?${query}`, { schema: notificationPage, signal, onResponse: timestamp === undefined ? notePosition(queryKey) : undefined });
    },
    enabled: session.isLoggedIn,
  });
}
