import { SHAPE_LOOK } from '@app/contracts/film';
import { describe, expect, it } from 'vitest';

import { arrowGeometry, boxOf, toUnits, type Point } from '@/features/drawings/utils/shape-geometry';

const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

describe('an arrow', () => {
  it('has its tip on the end point and a head symmetric about the shaft, sized by its width', () => {
    const from: Point = [100, 100];
    const to: Point = [400, 500];
    const width = 6;
    const { shaftEnd, head } = arrowGeometry(from, to, width);
    const [tip, left, right] = head!;
    expect(tip).toEqual(to);
    // The base corners: as far from the tip, either side of the shaft, SHAPE_LOOK's width apart.
    expect(distance(tip, left)).toBeCloseTo(distance(tip, right), 9);
    expect(distance(left, right)).toBeCloseTo(width * SHAPE_LOOK.arrowHeadWidth, 9);
    const base: Point = [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2];
    expect(distance(tip, base)).toBeCloseTo(width * SHAPE_LOOK.arrowHeadLength, 9);
    // The base's midpoint is on the shaft, and the base square to it.
    const shaft = [to[0] - from[0], to[1] - from[1]] as const;
    expect(shaft[0] * (base[1] - from[1]) - shaft[1] * (base[0] - from[0])).toBeCloseTo(0, 6);
    expect(shaft[0] * (right[0] - left[0]) + shaft[1] * (right[1] - left[1])).toBeCloseTo(0, 6);
    // The shaft stops halfway into the head: its round cap stays under the head.
    expect(distance(tip, shaftEnd)).toBeCloseTo((width * SHAPE_LOOK.arrowHeadLength) / 2, 9);
  });

  it('never has a head longer than itself, and a zero-length arrow has none', () => {
    const { head } = arrowGeometry([0, 0], [5, 0], 10);
    expect(head![0]).toEqual([5, 0]);
    expect(head![1][0]).toBeCloseTo(0, 9);
    expect(arrowGeometry([3, 3], [3, 3], 4).head).toBeNull();
  });
});

describe('frame units', () => {
  it('keeps a frame’s shape: x across FRAME_UNITS, y across FRAME_UNITS × aspect', () => {
    expect(toUnits([0.5, 0.5], 9 / 16)).toEqual([500, 281.25]);
    expect(toUnits([1, 1], 0.75)).toEqual([1000, 750]);
  });

  it('spans a box from two corners given in any order', () => {
    expect(boxOf([300, 50], [100, 250])).toEqual({ x: 100, y: 50, width: 200, height: 200 });
  });
});
