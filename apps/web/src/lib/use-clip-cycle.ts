import type { ReelView } from '@app/contracts/clips';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** The clip button's label cycle. */
export type ClipButtonLabel = 'Clip' | 'Clipping...' | 'Sharing...';

/** Reads a clip's own reel (`GET /api/user/reels/{reelId}`): the caller's call, as lib holds no feature's endpoints. */
type GetClipReel = (api: ApiClient, reelId: string, signal: AbortSignal) => Promise<ReelView>;

/**
 * The clip button's cycle, for a video's clip and a live game's alike: 'Clipping...'
 * while `make` creates the clip, 'Sharing...' while its reel is fetched (so its page opens playing),
 * back to 'Clip', then the clip's page `{clipsPath}/{reel_id}`, unless `stay` (the live viewer keeps
 * the game on screen). A call while not 'Clip' is ignored (no second clip from a double click).
 * Resolves to the clip made or the failure, for the caller to show.
 */
export function useClipCycle(clipsPath: string, getClipReel: GetClipReel) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [label, setLabel] = useState<ClipButtonLabel>('Clip');
  // The label state lags a render behind a fast double click; this does not.
  const busy = useRef(false);

  async function run<T extends { reel_id: string }>(make: () => Promise<T>, options: { stay?: boolean } = {}): Promise<{ made: T } | { failure: unknown } | null> {
    if (busy.current) return null;
    busy.current = true;
    setLabel('Clipping...');
    try {
      const made = await make();
      setLabel('Sharing...');
      // The page loads the reel itself if this fails: the clip exists, so go there anyway.
      await queryClient
        .fetchQuery({
          queryKey: queryKeys.reels.detail(session.userId ?? session.userUuid, made.reel_id),
          queryFn: ({ signal }) => getClipReel(api, made.reel_id, signal),
        })
        .catch(() => undefined);
      busy.current = false;
      setLabel('Clip');
      if (!options.stay) void navigate(`${clipsPath}/${encodeURIComponent(made.reel_id)}`);
      return { made };
    } catch (failure) {
      busy.current = false;
      setLabel('Clip');
      return { failure };
    }
  }

  return { label, busy, run };
}
