/** Timeline marker colours, cycling by marker order. */
export const MARKER_COLORS = ['grey', 'orange', 'darkgreen'] as const;

export function markerColor(index: number): (typeof MARKER_COLORS)[number] {
  const n = MARKER_COLORS.length;
  return MARKER_COLORS[((index % n) + n) % n]!;
}

/** Where `t` sits on a timeline of `duration`, in percent (0-100); 0 while the duration is unknown. */
export function timelinePercent(t: number, duration: number): number {
  if (!(duration > 0) || !Number.isFinite(t)) return 0;
  return Math.min(100, Math.max(0, (t / duration) * 100));
}

/** The time under a pointer at `clientX` on a timeline spanning `left`..`left + width`. */
export function timeAtPointer(clientX: number, left: number, width: number, duration: number): number {
  if (!(width > 0) || !(duration > 0)) return 0;
  const ratio = Math.min(1, Math.max(0, (clientX - left) / width));
  return ratio * duration;
}

/** Playback speeds offered for film study (slow motion to double speed). */
export const PLAYBACK_RATES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** One frame at `fps` (30 when the frame rate is unknown), in seconds. */
export function frameDuration(fps?: number | null): number {
  return 1 / (fps && fps > 0 && Number.isFinite(fps) ? fps : 30);
}

/** Seconds the arrow keys skip. */
export const SKIP_SECONDS = 5;

/** Clamps a seek target into the playable range. */
export function clampTime(t: number, duration: number): number {
  const max = duration > 0 && Number.isFinite(duration) ? duration : Number.POSITIVE_INFINITY;
  return Math.min(max, Math.max(0, Number.isFinite(t) ? t : 0));
}
