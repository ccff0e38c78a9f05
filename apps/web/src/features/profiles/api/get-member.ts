import { memberCard, type MemberCard } from '@app/contracts/profiles';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/user/other?username=..&images=true&team=true`: a member's card as a teammate sees it (no
 * e-mail, phone or birthdate), with their images and the team they share with the caller.
 */
export function useMember(username: string | undefined) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.member(session.userId ?? session.userUuid, username ?? ''),
    queryFn: ({ signal }): Promise<MemberCard> =>
      api.request(`/api/user/other?${new URLSearchParams({ username: username ?? '', images: 'true', team: 'true' })}`, { schema: memberCard, signal }),
    enabled: session.isLoggedIn && Boolean(username),
    retry: false,
  });
}
