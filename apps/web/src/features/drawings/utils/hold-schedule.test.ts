import { describe, expect, it } from 'vitest';

import { drawingOnFrame, drawingToHold, MAX_STEP_SEC } from '@/features/drawings/utils/hold-schedule';

const frame = 1 / 25;
// Drawn on the frame that starts at 10 s (a 25 fps video's frames start every 0.04 s), paused mid-frame.
const drawings = [
  { _id: 'a', at: 10.013, holdSeconds: 3 },
  { _id: 'b', at: 10.5, holdSeconds: 5 },
  { _id: 'quiet', at: 20, holdSeconds: 0 },
];
const hold = (previous: number | null, current: number) => drawingToHold(drawings, previous, current, frame)?._id ?? null;

describe('which drawing playback holds on', () => {
  it('holds on the presented frame showing the drawing’s moment', () => {
    expect(hold(9.92, 9.96)).toBeNull();
    expect(hold(9.96, 10)).toBe('a');
  });

  it('holds when display frames, not presented ones, are sampled: at most a frame early (the player then goes onto the drawing)', () => {
    expect(hold(9.95, 9.967)).toBeNull();
    expect(hold(9.967, 9.984)).toBe('a');
    expect(hold(9.9, 10.1)).toBe('a');
  });

  it('holds once: playing on from the drawing’s frame does not hold again', () => {
    // The held frame presented again as playback resumes, then the next one.
    expect(hold(10, 10.04)).toBeNull();
    // Resumed from the drawing's own time (the element's time after the hold).
    expect(hold(10.013, 10.04)).toBeNull();
    expect(hold(10.04, 10.08)).toBeNull();
  });

  it('holds on the earliest of two drawings one step reaches', () => {
    expect(drawingToHold([drawings[1]!, drawings[0]!], 9.9, 10.6, frame)?._id).toBe('a');
  });

  it('never holds when seeking past, going back, on the first sample or for a drawing that holds 0 seconds', () => {
    expect(hold(5, 15)).toBeNull();
    expect(hold(9.5, 9.5 + MAX_STEP_SEC + 0.01)).toBeNull();
    expect(hold(10.2, 9.99)).toBeNull();
    expect(hold(null, 10)).toBeNull();
    expect(hold(19.96, 20)).toBeNull();
  });
});

describe('the drawing on a paused frame', () => {
  it('is the one drawn on it, the nearest when two are close', () => {
    expect(drawingOnFrame(drawings, 10.013, frame)?._id).toBe('a');
    expect(drawingOnFrame(drawings, 10.5, frame)?._id).toBe('b');
    expect(drawingOnFrame(drawings, 10.1, frame)).toBeNull();
    expect(drawingOnFrame([{ at: 1 }, { at: 1.015 }], 1.012, frame)?.at).toBe(1.015);
  });
});
