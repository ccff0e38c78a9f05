import { describe, expect, it } from 'vitest';

import { arrowGeometry, boxOf, headLength, toUnits, type Point } from '@/features/drawings/utils/shape-geometry';

const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

describe('an arrow', () => {
  it('has its tip on the end point and a head symmetric about the shaft', () => {
    const from: Point = [100, 100];
    const to: Point = [400, 500];
    const width = 6;
    const { shaftEnd, head } = arrowGeometry(from, to, width);
    const [tip, left, right] = head!;
    expect(tip).toEqual(to);
    // The two base corners are as far from the tip, on either side of the shaft, their midpoint on it.
    expect(distance(tip, left)).toBeCloseTo(distance(tip, right), 9);
    const mid: Point = [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2];
    expect(mid[0]).toBeCloseTo(shaftEnd[0], 9);
    expect(mid[1]).toBeCloseTo(shaftEnd[1], 9);
    // The head is headLength long along the shaft, 28 degrees each side of it.
    expect(distance(tip, shaftEnd)).toBeCloseTo(headLength(width), 9);
    expect(distance(left, right) / 2).toBeCloseTo(headLength(width) * Math.tan((28 * Math.PI) / 180), 9);
    // The base is square to the shaft.
    const shaft = [to[0] - from[0], to[1] - from[1]];
    const base = [right[0] - left[0], right[1] - left[1]];
    expect(shaft[0]! * base[0]! + shaft[1]! * base[1]!).toBeCloseTo(0, 6);
  });

  it('stops its shaft at the head, on the line from the start', () => {
    const { shaftEnd } = arrowGeometry([0, 0], [100, 0], 4);
    expect(shaftEnd).toEqual([100 - headLength(4), 0]);
  });

  it('never has a head longer than itself, and a zero-length arrow has none', () => {
    const { head, shaftEnd } = arrowGeometry([0, 0], [5, 0], 10);
    expect(distance(head![0], shaftEnd)).toBeCloseTo(5, 9);
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
