/**
 * When the chunk player starts the next chunk's element (hidden, muted, at its in-point) before the
 * shown chunk's out-point. play() takes a few frames before the element presents one (longer on a
 * busy machine); started that long ahead, the next chunk's first frame arrives as the current
 * chunk's last frame ends, and the switch shows it at once. The lead is learnt from each start.
 */

/** Before any start was measured: a little over what play() takes in Chromium (50 to 70 ms). */
export const FIRST_LEAD_SEC = 0.1;
const MIN_LEAD_SEC = 0.02;
/** A stalled start (network, a very busy machine) should not cut the end of the next chunks. */
const MAX_LEAD_SEC = 0.5;
/** Between two presented frames when two frames' media times do not tell (30 fps). */
const DEFAULT_FRAME_SEC = 1 / 30;

/** The media time between two presented frames, from the last two; a default when they are not consecutive. */
export function frameInterval(previousMediaTime: number | null, mediaTime: number): number {
  if (previousMediaTime === null) return DEFAULT_FRAME_SEC;
  const interval = mediaTime - previousMediaTime;
  return interval > 0 && interval <= 0.1 ? interval : DEFAULT_FRAME_SEC;
}

/**
 * Whether to start the next element on this presented frame: checked once a frame, so when the
 * next frame would leave less than the lead before the out-point, now is the last good time.
 */
export function handoffDue({ mediaTime, frameSec, outPoint, leadSec }: { mediaTime: number; frameSec: number; outPoint: number; leadSec: number }): boolean {
  return outPoint - mediaTime - frameSec < leadSec;
}

/**
 * The lead after a start that took `startSec` from play() to the first presented frame: up at
 * once after a slow start (a late first frame is a visible stall), down halfway after a quick one
 * (too early only cuts the current chunk's end by the difference).
 */
export function nextLead(leadSec: number, startSec: number): number {
  const lead = startSec >= leadSec ? startSec : (leadSec + startSec) / 2;
  return Math.min(MAX_LEAD_SEC, Math.max(MIN_LEAD_SEC, lead));
}
