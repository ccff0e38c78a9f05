import { useQuery } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { getVideos } from '@/lib/api/get-videos';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** The videos an upload just created (`GET /api/user/videos?keys=a,b`), read again when one's processing state changes (`uploadUpdates`), so the confirm page shows it. */
export function useUploadedVideos(keys: readonly string[]) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.videos.byKeys(session.userId ?? session.userUuid, keys),
    queryFn: ({ signal }) => getVideos(api, { keys }, signal),
    enabled: session.isLoggedIn && keys.length > 0,
  });
}
