import type { Drawing } from '@app/contracts/film';

/** A drawing being made (`drawing` null) or changed, on the frame at `at` (seconds of the video). */
export type DrawingEdit = { at: number; drawing: Drawing | null };

/** A drawing's time as the list shows it, to a tenth of a second: `1:02.4`. */
export function drawingTime(at: number): string {
  const whole = Math.floor(at);
  const m = Math.floor(whole / 60);
  const s = String(whole % 60).padStart(2, '0');
  return `${m}:${s}.${Math.floor((at - whole) * 10 + 1e-6)}`;
}
