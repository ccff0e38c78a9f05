import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { useCreateLiveClip } from '@/features/live/api/live-clips';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { getReel } from '@/lib/clips/get-reel';
import { queryKeys } from '@/lib/query-keys';
import { teamLevels, useLevel } from '@/lib/subscription/level-context';

/** Spec section 4: the clip button's label cycle. */
export type LiveClipLabel = 'Clip' | 'Clipping...' | 'Sharing...';

/**
 * 'Save a clip' on a live game (spec section 4): 'Clipping...' while the server cuts the moment,
 * 'Sharing...' while its reel loads (so its page opens playing), back to 'Clip', then the clip's
 * page. Clicks while not 'Clip' are ignored. Team members go to /team/clips/{reel_id}; fans, who
 * have no team pages, to the same clip in their library.
 */
export function useLiveClipButton(eventKey: string) {
  const api = useApiClient();
  const session = useSession();
  const level = useLevel();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useCreateLiveClip(eventKey);
  const [label, setLabel] = useState<LiveClipLabel>('Clip');
  const [error, setError] = useState<unknown>(null);
  // The label state lags a render behind a fast double click; this does not.
  const busy = useRef(false);
  const clipsPath = level && teamLevels.includes(level) ? '/team/clips' : '/library/clips';

  /** `timestamp`: the wall-clock ms of the moment, or null when the player does not know it yet. */
  async function clip(timestamp: number | null) {
    if (busy.current) return;
    if (timestamp === null) {
      setError('Wait for the game to start playing, then save your clip.');
      return;
    }
    busy.current = true;
    setError(null);
    setLabel('Clipping...');
    try {
      const made = await create.mutateAsync(timestamp);
      setLabel('Sharing...');
      // The page loads the reel itself if this fails: the clip exists, so go there anyway.
      await queryClient
        .fetchQuery({
          queryKey: queryKeys.reels.detail(session.userId ?? session.userUuid, made.reel_id),
          queryFn: ({ signal }) => getReel(api, made.reel_id, signal),
        })
        .catch(() => undefined);
      busy.current = false;
      setLabel('Clip');
      void navigate(`${clipsPath}/${encodeURIComponent(made.reel_id)}`);
    } catch (failure) {
      busy.current = false;
      setLabel('Clip');
      setError(failure);
    }
  }

  return { label, clip, error };
}
