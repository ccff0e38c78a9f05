import { cheerList, type Cheer } from '@app/contracts/live';
import { clip, clipList, type Clip } from '@app/contracts/clips';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { LIVE_REFRESH_MS } from '@/features/live/api/live-lists';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

// An event's clips come as a page (`{items, next}`); a plain array (the videos' shape) is read too.
const streamClips = z.union([clipList.transform((page) => page.items), z.array(clip)]);

/** 'Game Highlights': `GET /api/user/clips/{key}`, the event's saved clips, newest first, every 30 s. */
export function useGameHighlights(key: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.clips.ofStream(session.userId ?? session.userUuid, key),
    queryFn: ({ signal }): Promise<Clip[]> => api.request(`/api/user/clips/${encodeURIComponent(key)}`, { schema: streamClips, signal }),
    enabled: session.isLoggedIn,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** 'Auto Highlights': `GET /api/events/{key}/cheers?omega=1&top=10` (no auth), every 30 s. */
export function useCheers(key: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.live.cheers(key),
    queryFn: ({ signal }): Promise<Cheer[]> =>
      api.request(`/api/events/${encodeURIComponent(key)}/cheers?omega=1&top=10`, { schema: cheerList, signal }),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/**
 * `POST /api/user/clips/{key} {timestamp}`: a clip of the moment (wall-clock ms, on the server's clock).
 * It goes on top of the game's clips at once; every clip list refreshes.
 */
export function useCreateLiveClip(key: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timestamp: number): Promise<Clip> =>
      api.request(`/api/user/clips/${encodeURIComponent(key)}`, { method: 'POST', body: { timestamp: Math.round(timestamp) }, schema: clip }),
    onSuccess: (made) => {
      const userKey = session.userId ?? session.userUuid;
      queryClient.setQueryData<Clip[]>(queryKeys.clips.ofStream(userKey, key), (old) => [made, ...(old ?? []).filter((c) => c._id !== made._id)]);
      return queryClient.invalidateQueries({ queryKey: queryKeys.clips.all(userKey) });
    },
  });
}
