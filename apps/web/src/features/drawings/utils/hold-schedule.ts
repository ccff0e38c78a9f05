/**
 * When playback holds on a drawing. The playhead is sampled once a presented frame, as the frame's
 * own time (requestVideoFrameCallback's mediaTime: when the frame starts), or without that at
 * `timeupdate` and display frames (the element's time). A drawing at `at` was made on the frame
 * showing `at`, which starts up to a frame before it: playback holds on the first sample whose
 * frame reaches `at`, so on that frame (or, sampled late, the player goes back onto it).
 */

/** A step longer than this is a jump (a seek, a stall), never playing through a drawing. */
export const MAX_STEP_SEC = 1;

type Timed = { at: number; holdSeconds: number };

/**
 * The drawing to hold on the step of the playhead from `previous` to `current` (seconds, each the
 * start of a frame `frameSec` long): the earliest one whose moment the step's frames reached, that
 * is `at` after the previous frame's end and before the current frame's. None on the first sample
 * (`previous` null: playback just started or the playhead was moved), going backwards, on a jump,
 * and for a drawing that holds 0 seconds. Resumed from a hold, the next frame starts after `at`.
 */
export function drawingToHold<D extends Timed>(drawings: readonly D[], previous: number | null, current: number, frameSec: number): D | null {
  if (previous === null) return null;
  const step = current - previous;
  if (step <= 0 || step > MAX_STEP_SEC) return null;
  let found: D | null = null;
  for (const d of drawings) {
    if (d.holdSeconds > 0 && d.at >= previous + frameSec && d.at < current + frameSec && (found === null || d.at < found.at)) found = d;
  }
  return found;
}

/** The drawing made on the frame the playhead stands on (within half a frame), the nearest if several. */
export function drawingOnFrame<D extends { at: number }>(drawings: readonly D[], time: number, frameSec: number): D | null {
  let found: D | null = null;
  for (const d of drawings) {
    const off = Math.abs(d.at - time);
    if (off <= frameSec / 2 && (found === null || off < Math.abs(found.at - time))) found = d;
  }
  return found;
}
