import { notificationPage, unreadCount, type NotificationPage } from '@app/contracts/talk';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { editNotifications, setUnread } from '@/lib/talk/talk-cache';
import { useInfiniteList } from '@/lib/use-infinite-list';

const PAGE_SIZE = 20;

/** `GET /api/user/notifications`, newest first, paged; the first page's `unread` is the bell's count. */
export function useNotifications() {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteList<NotificationPage>({
    queryKey: queryKeys.talk.notifications(session.userId ?? session.userUuid),
    fetchPage: (timestamp, signal) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (timestamp !== undefined) query.set('timestamp', String(timestamp));
      return api.request(`/api/user/notifications?${query}`, { schema: notificationPage, signal });
    },
    enabled: session.isLoggedIn,
  });
}

/** `POST /api/user/notifications/read {ids?}` (none: all): marks them read here at once; the server's count follows. */
export function useMarkRead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (ids?: string[]) => api.request('/api/user/notifications/read', { method: 'POST', body: ids ? { ids } : {}, schema: unreadCount }),
    onSuccess: ({ unread }, ids) => {
      const read = ids && new Set(ids);
      editNotifications(queryClient, session.userId ?? session.userUuid, (data) =>
        setUnread(
          { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((n) => (!read || read.has(n._id) ? { ...n, read: true } : n)) })) },
          unread,
        ),
      );
    },
  });
}

/** The bell's badge: '99+' past 99, nothing at 0. */
export function unreadBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}
