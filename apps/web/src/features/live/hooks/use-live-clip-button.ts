import { useState } from 'react';

import { useCreateLiveClip } from '@/features/live/api/live-clips';
import { useClipCycle, type ClipButtonLabel } from '@/lib/clips/use-clip-cycle';
import { teamLevels, useLevel } from '@/lib/subscription/level-context';

export type LiveClipLabel = ClipButtonLabel;

/**
 * 'Save a clip' on a live game (spec section 4): 'Clipping...' while the server cuts the moment,
 * 'Sharing...' while its reel loads (so its page opens playing), back to 'Clip', then the clip's
 * page. Clicks while not 'Clip' are ignored. Team members go to /team/clips/{reel_id}; fans, who
 * have no team pages, to the same clip in their library.
 */
export function useLiveClipButton(eventKey: string) {
  const level = useLevel();
  const create = useCreateLiveClip(eventKey);
  const [error, setError] = useState<unknown>(null);
  const { label, busy, run } = useClipCycle(level && teamLevels.includes(level) ? '/team/clips' : '/library/clips');

  /** `timestamp`: the wall-clock ms of the moment, or null when the player does not know it yet. */
  async function clip(timestamp: number | null) {
    if (busy.current) return;
    if (timestamp === null) {
      setError('Wait for the game to start playing, then save your clip.');
      return;
    }
    setError(null);
    const result = await run(() => create.mutateAsync(timestamp));
    if (result) setError(result.failure);
  }

  return { label, clip, error };
}
