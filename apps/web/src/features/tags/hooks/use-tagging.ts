import type { CodeButton } from '@app/contracts/film';
import { useCallback, useState } from 'react';

import { useCreateTag, type PressTrack } from '@/features/tags/api/create-tag';
import type { TagTarget } from '@/features/tags/api/get-tags';
import { useTagCache } from '@/features/tags/api/tag-cache';
import { useUpdateTag } from '@/features/tags/api/update-tag';
import { isTemporary, TEMP_PREFIX } from '@/features/tags/utils/press';
import { toggled } from '@/features/tags/utils/toggled';
import { useMe } from '@/lib/auth/get-me';

/** What the code window needs of the page's player (the app builds it from the video's or the game's). */
export type TagClock = {
  /** What a press tells the server (seconds of the footage), or null for the live edge, which the server knows best. */
  pressAt(): number | null;
  /** Where a press shows until the server answers, and the playhead: the play position, or the live edge. */
  now(): number;
  /** The footage's length in seconds (an instance ends inside it); null while it grows (a live game). */
  duration(): number | null;
  /** Seeks to `t` seconds and plays. */
  playFrom(t: number): void;
  /** Pauses, where the player can (before "Play all" plays the instances in a player of their own). */
  pause?(): void;
};

let presses = 0;
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Pressing the code window's buttons and labelling what a press made: the press shows at once and is
 * saved; a label tapped before the save is answered is saved right after it, on the saved instance.
 */
export function useTagging(target: TagTarget, clock: TagClock) {
  const me = useMe();
  const cache = useTagCache(target);
  const create = useCreateTag(target);
  const update = useUpdateTag(target);
  const [last, setLast] = useState<PressTrack | null>(null);
  const username = me.data?.username ?? '';
  const { mutateAsync: save } = create;
  const { mutate: change } = update;

  const press = useCallback(
    (button: CodeButton) => {
      const sendAt = clock.pressAt();
      presses += 1;
      const pressId = `${TEMP_PREFIX}${presses}`;
      const track: PressTrack = { pressId, button, localId: pressId, saved: null };
      const saved = save({ track, at: ms(sendAt ?? clock.now()), sendAt: sendAt === null ? null : ms(sendAt), duration: clock.duration(), me: username });
      // The failure shows through the mutation's state; a label waiting for the save is simply not sent.
      saved.catch(() => undefined);
      track.saved = saved;
      setLast(track);
    },
    [clock, save, username],
  );

  const toggleLabel = useCallback(
    (label: string) => {
      if (!last) return;
      const id = last.localId;
      const current = cache.items().find((t) => t._id === id);
      if (!current) return;
      change({ id, changes: { labels: toggled(current.labels, label) }, saved: isTemporary(id) ? last.saved : null });
    },
    [cache, change, last],
  );

  const dismiss = useCallback(() => setLast(null), []);
  return { press, toggleLabel, last, dismiss, error: create.error ?? update.error };
}
