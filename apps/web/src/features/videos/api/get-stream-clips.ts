import { clip, clipList, type Clip } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

// A video's clips come as an array, a live event's as a page (`{items, next}`): both read as the list.
const clipArray = z.union([z.array(clip), clipList.transform((page) => page.items)]);

/** `GET /api/user/clips/{streamId}`: the clips of one video or live event, newest first. */
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
