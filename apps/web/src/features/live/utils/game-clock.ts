import { clipName, type Clip } from '@app/contracts/clips';

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
 * What a 'Game Highlights' card says of a clip: its description, else the name the clip has everywhere
 * (the game and the time in its recording, as in Clips and on the clip's page); the minute of play;
 * an auto highlight's stars. A clip's moment is its `clip_id`.
 */
export function gameHighlightCard(clip: Clip, startMs: number, highlights: readonly AutoHighlight[]): GameHighlightCard {
  const minute = minuteOfPlay(clip.clip_id, startMs);
  const highlight = clip.cheer ? highlights.find((h) => h.timestamp === clip.clip_id || h.path.endsWith(`/${clip.reel_id}`)) : undefined;
  return { clip, title: clip.description.trim() || clipName(clip), minute, stars: highlight ? highlight.stars : null };
}
