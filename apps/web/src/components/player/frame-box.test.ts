import { describe, expect, it } from 'vitest';

import { containedFrame, fromFrame, toFrame } from '@/components/player/frame-box';

describe('the displayed frame of a contained video', () => {
  it('letterboxes a wide picture in a taller element: bars above and below, full width', () => {
    // 1920x1080 (16:9) in 800x600 (4:3): scaled to 800x450, 75 px bars.
    expect(containedFrame({ width: 800, height: 600 }, { width: 1920, height: 1080 })).toEqual({ left: 0, top: 75, width: 800, height: 450 });
  });

  it('pillarboxes a narrow picture in a wider element: bars left and right, full height', () => {
    // A phone's portrait 1080x1920 in a 16:9 player of 640x360: 202.5x360, centred.
    expect(containedFrame({ width: 640, height: 360 }, { width: 1080, height: 1920 })).toEqual({ left: 218.75, top: 0, width: 202.5, height: 360 });
  });

  it('fills an element of the same shape, at any size (fullscreen, a phone turned)', () => {
    expect(containedFrame({ width: 1280, height: 720 }, { width: 640, height: 360 })).toEqual({ left: 0, top: 0, width: 1280, height: 720 });
    // A phone in landscape: 844x390 holds a 16:9 picture 693x390, pillarboxed.
    const box = containedFrame({ width: 844, height: 390 }, { width: 1920, height: 1080 })!;
    expect(box.height).toBe(390);
    expect(box.width).toBeCloseTo(693.33, 2);
    expect(box.left).toBeCloseTo((844 - 693.33) / 2, 2);
  });

  it('is unknown until both sizes are (no metadata yet, an element not laid out)', () => {
    expect(containedFrame({ width: 800, height: 450 }, { width: 0, height: 0 })).toBeNull();
    expect(containedFrame({ width: 0, height: 0 }, { width: 1920, height: 1080 })).toBeNull();
  });
});

describe('points as fractions of the frame', () => {
  const box = containedFrame({ width: 800, height: 600 }, { width: 1920, height: 1080 })!;

  it('round-trips an element point through frame fractions', () => {
    for (const [x, y] of [
      [0, 75],
      [800, 525],
      [400, 300],
      [123.5, 401.25],
    ] as const) {
      const fraction = toFrame(x, y, box);
      const back = fromFrame(fraction, box);
      expect(back.x).toBeCloseTo(x, 9);
      expect(back.y).toBeCloseTo(y, 9);
    }
    expect(toFrame(400, 300, box)).toEqual([0.5, 0.5]);
  });

  it('keeps a point in a bar (or outside) on the frame’s edge', () => {
    expect(toFrame(-10, 10, box)).toEqual([0, 0]);
    expect(toFrame(900, 590, box)).toEqual([1, 1]);
  });

  it('puts the same fraction on the same spot of the picture at another size', () => {
    const fraction = toFrame(200, 187.5, box);
    const big = containedFrame({ width: 1920, height: 1080 }, { width: 1920, height: 1080 })!;
    expect(fromFrame(fraction, big)).toEqual({ x: 480, y: 270 });
  });
});
