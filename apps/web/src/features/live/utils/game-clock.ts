import type { Clip } from '@app/contracts/clips';

import type { AutoHighlight } from '@/features/live/utils/cheers';

/** The minute of play of a wall-clock moment, as a match report counts it: the first minute is 1'. */
export function minuteOfPlay(momentMs: number, startMs: number): number {
  return Math.max(0, Math.floor((momentMs - startMs) / 60_000)) + 1;
}

export type GameHighlightCard = {
  clip: Clip;
  title: string;
  minute: number;
  /** The auto highlight's stars (0-5); null for a clip someone saved. */
  stars: number | null;
};

/**
 * What a 'Game Highlights' card says of a clip, so that five clips of one game do not all read as the
 * game's title: its description, else the auto highlight it was cut for ('Highlight n') or the minute
 * it was saved at; the minute of play; an auto highlight's stars. A clip's moment is its `clip_id`.
 */
export function gameHighlightCard(clip: Clip, startMs: number, highlights: readonly AutoHighlight[]): GameHighlightCard {
  const minute = minuteOfPlay(clip.clip_id, startMs);
  const highlight = clip.cheer ? highlights.find((h) => h.timestamp === clip.clip_id || h.path.endsWith(`/${clip.reel_id}`)) : undefined;
  const title = clip.description.trim() || (highlight ? `Highlight ${highlight.index}` : clip.cheer ? `Crowd highlight at ${minute}'` : `Clip at ${minute}'`);
  return { clip, title, minute, stars: highlight ? highlight.stars : null };
}
