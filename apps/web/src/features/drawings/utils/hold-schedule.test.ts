import { describe, expect, it } from 'vitest';

import { drawingOnFrame, drawingToHold, MAX_STEP_SEC } from '@/features/drawings/utils/hold-schedule';

const frame = 1 / 25;
const drawings = [
  { _id: 'a', at: 10, holdSeconds: 3 },
  { _id: 'b', at: 10.5, holdSeconds: 5 },
  { _id: 'quiet', at: 20, holdSeconds: 0 },
];
const hold = (previous: number | null, current: number) => drawingToHold(drawings, previous, current, frame)?._id ?? null;

describe('which drawing playback holds on', () => {
  it('holds on the frame that reaches a drawing, within half a frame', () => {
    expect(hold(9.96, 10)).toBe('a');
    // The frame before, half a frame short at most, already stops there.
    expect(hold(9.94, 9.985)).toBe('a');
    expect(hold(9.9, 9.94)).toBeNull();
    // A longer step (display frames sampled without presented frames) that passes it still holds;
    // the player goes back onto the drawing's frame.
    expect(hold(9.97, 10.03)).toBe('a');
  });

  it('holds once: after the hold playback goes on from the drawing’s own time', () => {
    expect(hold(10, 10.04)).toBeNull();
    // Resumed a hair before it (a seek lands within a millisecond), the next frame does not hold again.
    expect(hold(9.999, 10.039)).toBeNull();
  });

  it('holds on the earliest of two drawings one step reaches', () => {
    expect(drawingToHold([drawings[1]!, drawings[0]!], 9.9, 10.6, frame)?._id).toBe('a');
  });

  it('never holds when seeking past, going back, on the first sample or for a drawing that holds 0 seconds', () => {
    expect(hold(5, 15)).toBeNull();
    expect(hold(9.5, 9.5 + MAX_STEP_SEC + 0.01)).toBeNull();
    expect(hold(10.2, 9.99)).toBeNull();
    expect(hold(null, 10)).toBeNull();
    expect(hold(19.98, 20.02)).toBeNull();
  });
});

describe('the drawing on a paused frame', () => {
  it('is the one drawn on it, the nearest when two are close', () => {
    expect(drawingOnFrame(drawings, 10.01, frame)?._id).toBe('a');
    expect(drawingOnFrame(drawings, 10.5, frame)?._id).toBe('b');
    expect(drawingOnFrame(drawings, 10.1, frame)).toBeNull();
    expect(drawingOnFrame([{ at: 1 }, { at: 1.015 }], 1.012, frame)?.at).toBe(1.015);
  });
});
