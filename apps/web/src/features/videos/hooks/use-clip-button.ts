import { useCreateClip } from '@/features/videos/api/create-clip';
import { getClipReel } from '@/features/videos/api/get-clip-reel';
import type { ClipRange } from '@/features/videos/utils/clip-range';
import { useClipCycle, type ClipButtonLabel } from '@/lib/use-clip-cycle';

export type { ClipButtonLabel };

/**
 * The clip button's cycle: 'Clipping...' while the clip is made, 'Sharing...' while
 * its reel is fetched (so its page opens playing), back to 'Clip', then to the clip's page
 * `{clipsPath}/{reel_id}`. A click while not 'Clip' is ignored (no second clip from a double click).
 */
export function useClipButton(videoKey: string, clipsPath: string) {
  const create = useCreateClip(videoKey);
  const { label, run } = useClipCycle(clipsPath, getClipReel);
  // The mutation's error is shown beside the button.
  const clip = (range: ClipRange) => run(() => create.mutateAsync(range)).then(() => undefined);
  return { label, clip, error: create.error };
}
