import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { useCreateClip } from '@/lib/clips/create-clip';
import { getReel } from '@/lib/clips/get-reel';
import { queryKeys } from '@/lib/query-keys';
import type { ClipRange } from '@/features/videos/utils/clip-range';

/** Spec section 4: the Clip button's label cycle. */
export type ClipButtonLabel = 'Clip' | 'Clipping...' | 'Sharing...';

/**
 * The clip button's cycle (spec section 4): 'Clipping...' while the clip is made, 'Sharing...' while
 * its reel is fetched (so its page opens playing), back to 'Clip', then to the clip's page
 * `{clipsPath}/{reel_id}`. A click while not 'Clip' is ignored (no second clip from a double click).
 */
export function useClipButton(videoKey: string, clipsPath: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useCreateClip(videoKey);
  const [label, setLabel] = useState<ClipButtonLabel>('Clip');
  // The label state lags a render behind a fast double click; this does not.
  const busy = useRef(false);

  async function clip(range: ClipRange) {
    if (busy.current) return;
    busy.current = true;
    setLabel('Clipping...');
    try {
      const made = await create.mutateAsync(range);
      setLabel('Sharing...');
      // The page loads it itself if this fails: the clip exists, so go there anyway.
      await queryClient
        .fetchQuery({
          queryKey: queryKeys.reels.detail(session.userId ?? session.userUuid, made.reel_id),
          queryFn: ({ signal }) => getReel(api, made.reel_id, signal),
        })
        .catch(() => undefined);
      busy.current = false;
      setLabel('Clip');
      void navigate(`${clipsPath}/${encodeURIComponent(made.reel_id)}`);
    } catch {
      // The mutation's error is shown beside the button.
      busy.current = false;
      setLabel('Clip');
    }
  }

  return { label, clip, error: create.error };
}
