import { useMemo, type RefObject } from 'react';

import type { FilmPlayerHandle } from '@/components/player/film-player';
import type { TagClock } from '@/features/tags/hooks/use-tagging';

/** A video's player as the code window and the timeline use it: presses at the playhead, within the video. */
export function useFilmClock(player: RefObject<FilmPlayerHandle | null>, duration: number | null): TagClock {
  return useMemo(
    () => ({
      pressAt: () => player.current?.getCurrentTime() ?? 0,
      now: () => player.current?.getCurrentTime() ?? 0,
      duration: () => duration ?? (player.current?.getDuration() || null),
      playFrom: (t: number) => {
        player.current?.seek(t);
        player.current?.play();
      },
      pause: () => player.current?.pause(),
    }),
    [player, duration],
  );
}
