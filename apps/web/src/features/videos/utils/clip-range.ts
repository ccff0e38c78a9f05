import { CLIP_LENGTH_MESSAGE, CLIP_MAX_SEC, CLIP_MIN_SEC } from '@app/contracts/clips';

/** With no marks, a clip is the moment just played: 10 s before the playhead to 5 s after. */
export const BEFORE_PLAYHEAD_SEC = 10;
export const AFTER_PLAYHEAD_SEC = 5;
/** With one mark only, the clip runs this long from (or up to) it. */
export const ONE_MARK_SEC = 15;

export type ClipMarks = { in: number | null; out: number | null };
export type ClipRange = { timestamp: number; duration: number };

const round = (t: number) => Math.round(t * 1000) / 1000;

/**
 * What the Clip button cuts: from the in mark to the out mark; from one mark forward (in) or back
 * (out) when only one is set; else the default window around the playhead. Kept inside the video.
 * An error text when the marks make no clip (out before in, longer than the limit).
 */
export function clipRange(marks: ClipMarks, playhead: number, videoDuration: number | null | undefined): ClipRange | { error: string } {
  const end = videoDuration && videoDuration > 0 ? videoDuration : Infinity;
  let start: number;
  let stop: number;
  if (marks.in !== null && marks.out !== null) {
    if (marks.out <= marks.in) return { error: 'The out point must be after the in point' };
    [start, stop] = [marks.in, marks.out];
  } else if (marks.in !== null) {
    [start, stop] = [marks.in, marks.in + ONE_MARK_SEC];
  } else if (marks.out !== null) {
    [start, stop] = [marks.out - ONE_MARK_SEC, marks.out];
  } else {
    [start, stop] = [playhead - BEFORE_PLAYHEAD_SEC, playhead + AFTER_PLAYHEAD_SEC];
  }
  start = Math.max(0, start);
  stop = Math.min(end, stop);
  const duration = round(stop - start);
  if (duration < CLIP_MIN_SEC || duration > CLIP_MAX_SEC) return { error: CLIP_LENGTH_MESSAGE };
  return { timestamp: round(start), duration };
}
