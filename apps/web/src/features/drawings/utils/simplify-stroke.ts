import { STROKE_POINTS_MAX } from '@app/contracts/film';

import type { Point } from '@/features/drawings/utils/shape-geometry';

/** How far from a line a point may be left out, to start with: a twentieth of a percent of the frame. */
const FIRST_TOLERANCE = 0.0005;

/**
 * A stroke within the points a shape may have: Ramer-Douglas-Peucker, with a tolerance doubled until
 * the stroke fits (the ends always stay; a stroke within the bound is left as it is).
 */
export function simplifyStroke(points: readonly Point[], max: number = STROKE_POINTS_MAX): Point[] {
  if (points.length <= max) return [...points];
  let tolerance = FIRST_TOLERANCE;
  let result = douglasPeucker(points, tolerance);
  // Terminates: a tolerance wider than the frame keeps the two ends only.
  while (result.length > max && tolerance < 2) {
    tolerance *= 2;
    result = douglasPeucker(points, tolerance);
  }
  return result;
}

/** The points that stay when every point nearer than `tolerance` to its kept neighbours' line goes (iterative: no deep recursion). */
function douglasPeucker(points: readonly Point[], tolerance: number): Point[] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const spans: [number, number][] = [[0, points.length - 1]];
  while (spans.length > 0) {
    const [first, last] = spans.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToSegment(points[i]!, points[first]!, points[last]!);
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    spans.push([first, farthest], [farthest, last]);
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** The distance from `p` to the segment `a`-`b`. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}
