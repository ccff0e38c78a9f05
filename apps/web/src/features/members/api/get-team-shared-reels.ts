import { teamSharedReelList, type TeamSharedReelList } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/team/shared-reels`: the newest shared reels that play the footage of the team the user owns. */
export function useTeamSharedReels() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.teamSharedReels(session.userId ?? session.userUuid),
    queryFn: ({ signal }): Promise<TeamSharedReelList> => api.request('/api/team/shared-reels', { schema: teamSharedReelList, signal }),
  });
}
