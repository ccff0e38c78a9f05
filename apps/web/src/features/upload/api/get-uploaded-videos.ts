import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { getVideos } from '@/lib/videos/get-videos';

/** The videos an upload just created (`GET /api/user/videos?keys=a,b`). Refreshed every 3 s while any of them is still processing, so the confirm page shows progress. */
export function useUploadedVideos(keys: readonly string[]) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.videos.byKeys(session.userId ?? session.userUuid, keys),
    queryFn: ({ signal }) => getVideos(api, { keys }, signal),
    enabled: session.isLoggedIn && keys.length > 0,
    refetchInterval: (query) => (query.state.data?.items.some((v) => v.status === 'processing') ? 3000 : false),
  });
}
