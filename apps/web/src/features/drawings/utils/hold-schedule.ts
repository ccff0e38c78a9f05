/**
 * When playback holds on a drawing. The playhead is sampled once a presented frame (or a display
 * frame without requestVideoFrameCallback); a drawing at `at` holds on the step that reaches it
 * within half a frame, so playback stops on the frame it was drawn on.
 */

/** A step longer than this is a jump (a seek, a stall), never playing through a drawing. */
export const MAX_STEP_SEC = 1;

type Timed = { at: number; holdSeconds: number };

/**
 * The drawing to hold on the step of the playhead from `previous` to `current` (seconds): the
 * earliest one the step reached, within half a frame (`frameSec`). None on the first sample
 * (`previous` null: playback just started or the playhead was moved), going backwards, on a jump,
 * and for a drawing that holds 0 seconds.
 */
export function drawingToHold<D extends Timed>(drawings: readonly D[], previous: number | null, current: number, frameSec: number): D | null {
  if (previous === null) return null;
  const step = current - previous;
  if (step <= 0 || step > MAX_STEP_SEC) return null;
  const half = frameSec / 2;
  let found: D | null = null;
  for (const d of drawings) {
    if (d.holdSeconds > 0 && d.at > previous + half && d.at <= current + half && (found === null || d.at < found.at)) found = d;
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
