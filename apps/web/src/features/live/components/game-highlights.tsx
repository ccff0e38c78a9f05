import type { Clip } from '@app/contracts/clips';

import { ClipCard } from '@/components/clip-card';
import { teamLevels, useLevel } from '@/lib/subscription/level-context';

/** 'Game Highlights' (spec section 2): the clips saved during this game, newest first, each opening its page. */
export function GameHighlights({ clips, loading, canClip }: { clips: readonly Clip[]; loading: boolean; canClip: boolean }) {
  const level = useLevel();
  const clipsPath = level && teamLevels.includes(level) ? '/team/clips' : '/library/clips';
  if (loading) return <p className="text-muted-foreground text-sm">Loading clips...</p>;
  if (clips.length === 0) {
    return <p className="text-muted-foreground text-sm">{canClip ? 'No clips yet. Press Clip to save the last 20 seconds.' : 'No clips yet.'}</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2" aria-label="Game highlights">
      {clips.map((clip) => (
        <li key={clip._id} className="flex">
          <ClipCard clip={clip} to={`${clipsPath}/${encodeURIComponent(clip.reel_id)}`} className="flex-1" />
        </li>
      ))}
    </ul>
  );
}
