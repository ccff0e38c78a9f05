import { unreadCount } from '@app/contracts/talk';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { editNotifications, setUnread } from '@/features/talk/utils/talk-cache';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';

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
