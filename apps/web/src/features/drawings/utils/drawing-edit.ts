import type { Drawing } from '@app/contracts/film';

import { formatMediaTime } from '@/lib/media-time';

/** A drawing being made (`drawing` null) or changed, on the frame at `at` (seconds of the video). */
export type DrawingEdit = { at: number; drawing: Drawing | null };

/** A drawing's time as the list shows it, to a tenth of a second: `1:02.4`. */
export function drawingTime(at: number): string {
  return `${formatMediaTime(at)}.${Math.floor((at - Math.floor(at)) * 10 + 1e-6)}`;
}
