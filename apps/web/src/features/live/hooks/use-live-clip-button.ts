import type { Clip } from '@app/contracts/clips';
import { useState } from 'react';

import { getClipReel } from '@/features/live/api/get-clip-reel';
import { useCreateLiveClip } from '@/features/live/api/live-clips';
import { teamLevels, useLevel } from '@/lib/subscription/level-context';
import { useClipCycle } from '@/lib/use-clip-cycle';

export const WAIT_FOR_PICTURE = 'Wait for the game to start playing, then save your clip.';

/**
 * The live game's clip buttons: 'Clipping...' while the server cuts the moment,
 * 'Sharing...' while its reel loads (so its page opens playing), back to the start. Clicks meanwhile
 * are ignored. The Auto Highlights' button then opens the clip's page (team members'
 * /team/clips/{reel_id}; fans, who have no team pages, the same clip in their library); 'Save a clip'
 * (`stay`) keeps the game on screen and hands the clip back as `saved`, for a toast.
 */
export function useLiveClipButton(eventKey: string) {
  const level = useLevel();
  const clipsPath = level && teamLevels.includes(level) ? '/team/clips' : '/library/clips';
  const create = useCreateLiveClip(eventKey);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<Clip | null>(null);
  const { label, busy, run } = useClipCycle(clipsPath, getClipReel);

  /** `timestamp`: the wall-clock ms of the moment on the server's clock, or null when it is not known yet. */
  async function clip(timestamp: number | null, options: { stay?: boolean } = {}) {
    if (busy.current) return;
    if (timestamp === null) {
      setError(WAIT_FOR_PICTURE);
      return;
    }
    setError(null);
    const result = await run(() => create.mutateAsync(timestamp), options);
    if (result && 'failure' in result) setError(result.failure);
    else if (result && options.stay) setSaved(result.made);
  }

  return { label, clip, error, saved, dismissSaved: () => setSaved(null), clipsPath };
}
