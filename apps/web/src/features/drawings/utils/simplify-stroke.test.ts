import { STROKE_POINTS_MAX } from '@app/contracts/film';
import { describe, expect, it } from 'vitest';

import type { Point } from '@/features/drawings/utils/shape-geometry';
import { distanceToSegment, simplifyStroke } from '@/features/drawings/utils/simplify-stroke';

/** A long scribble: a spiral of `n` points with a little jitter, inside the frame. */
function scribble(n: number): Point[] {
  return Array.from({ length: n }, (_, i) => {
    const t = (i / n) * 12 * Math.PI;
    const r = 0.05 + (0.4 * i) / n;
    const jitter = ((i * 7919) % 13) / 13 / 2000;
    return [0.5 + r * Math.cos(t) + jitter, 0.5 + r * Math.sin(t) - jitter];
  });
}

/** How far the farthest original point is from the simplified line. */
function worstDeviation(original: readonly Point[], simplified: readonly Point[]): number {
  return Math.max(...original.map((p) => Math.min(...simplified.slice(1).map((b, i) => distanceToSegment(p, simplified[i]!, b)))));
}

describe('a freehand stroke within the points a shape may have', () => {
  it(`brings a stroke of 10,000 points to at most ${STROKE_POINTS_MAX}, keeping both ends and the shape`, () => {
    const stroke = scribble(10_000);
    const simplified = simplifyStroke(stroke);
    expect(simplified.length).toBeLessThanOrEqual(STROKE_POINTS_MAX);
    expect(simplified.length).toBeGreaterThan(100);
    expect(simplified[0]).toEqual(stroke[0]);
    expect(simplified.at(-1)).toEqual(stroke.at(-1));
    // Within a fifth of a percent of the frame everywhere.
    expect(worstDeviation(stroke, simplified)).toBeLessThan(0.002);
  });

  it('leaves a stroke within the bound as it is', () => {
    const stroke = scribble(STROKE_POINTS_MAX);
    expect(simplifyStroke(stroke)).toEqual(stroke);
  });

  it('meets any bound, down to the two ends of a straight line', () => {
    const straight: Point[] = Array.from({ length: 5000 }, (_, i) => [i / 5000, i / 5000]);
    expect(simplifyStroke(straight)).toEqual([straight[0], straight.at(-1)]);
    expect(simplifyStroke(scribble(3000), 50).length).toBeLessThanOrEqual(50);
  });
});
