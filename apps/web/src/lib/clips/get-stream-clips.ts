import { clip, type Clip } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

const clipArray = z.array(clip);

/** `GET /api/user/clips/{streamId}`: the clips of one video, newest first. */
export function getStreamClips(api: ApiClient, streamId: string, signal?: AbortSignal): Promise<Clip[]> {
  return api.request(`/api/user/clips/${encodeURIComponent(streamId)}`, { schema: clipArray, signal });
}

export function useStreamClips(streamId: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.clips.ofStream(session.userId ?? session.userUuid, streamId),
    queryFn: ({ signal }) => getStreamClips(api, streamId, signal),
    enabled: session.isLoggedIn,
  });
}
