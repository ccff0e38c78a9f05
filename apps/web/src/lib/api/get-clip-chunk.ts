import { clipChunk, type Clip, type ClipChunk } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/clips/{stream_id}/{clip_id}/chunk`: the signed URL a clip plays from. */
export function getClipChunk(api: ApiClient, streamId: string, clipId: number, signal?: AbortSignal): Promise<ClipChunk> {
  return api.request(`/api/user/clips/${encodeURIComponent(streamId)}/${clipId}/chunk`, { schema: clipChunk, signal });
}

/** The chunk of a clip, fetched only when `enabled` (a card with no poster yet shows the video instead). */
export function useClipChunk(clip: Pick<Clip, 'stream_id' | 'clip_id'>, enabled: boolean) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.clips.chunk(session.userId ?? session.userUuid, clip.stream_id, clip.clip_id),
    queryFn: ({ signal }) => getClipChunk(api, clip.stream_id, clip.clip_id, signal),
    enabled: enabled && session.isLoggedIn,
    // The signed URL lasts longer than a page visit; refetching it would reload the card's video.
    staleTime: Infinity,
  });
}
