import { pendingInvites, type PendingInvites } from '@app/contracts/teams';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

export const invitesPath = (owner: string, channel: string) => `/api/channel/${encodeURIComponent(owner)}/${encodeURIComponent(channel)}/invites`;

/** `GET /api/channel/{owner}/{channel}/invites` (owner only): who was invited and has not joined yet, newest first. */
export function usePendingInvites(owner: string, channel: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.pendingInvites(session.userId ?? session.userUuid, owner, channel),
    queryFn: ({ signal }): Promise<PendingInvites> => api.request(invitesPath(owner, channel), { schema: pendingInvites, signal }),
  });
}
