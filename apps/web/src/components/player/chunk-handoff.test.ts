import { describe, expect, it } from 'vitest';

import { FIRST_LEAD_SEC, frameInterval, handoffDue, nextLead } from '@/components/player/chunk-handoff';

const frame = 1 / 30;

describe('handoffDue', () => {
  it('starts the next element on the last frame that still leaves the lead before the out-point', () => {
    // Out-point 5 s, lead 0.1 s, 30 fps: from the frame at 4.86 s, the next one (4.893 s) still leaves 0.107 s.
    expect(handoffDue({ mediaTime: 4.86, frameSec: frame, outPoint: 5, leadSec: 0.1 })).toBe(false);
    // From the frame at 4.87 s, the next one (4.903 s) would leave 0.097 s: too late, so now.
    expect(handoffDue({ mediaTime: 4.87, frameSec: frame, outPoint: 5, leadSec: 0.1 })).toBe(true);
  });

  it('starts at once when the out-point is already reached or passed', () => {
    expect(handoffDue({ mediaTime: 5, frameSec: frame, outPoint: 5, leadSec: 0.1 })).toBe(true);
    expect(handoffDue({ mediaTime: 6, frameSec: frame, outPoint: 5, leadSec: 0.1 })).toBe(true);
  });

  it('does not start early in the chunk', () => {
    expect(handoffDue({ mediaTime: 40, frameSec: frame, outPoint: 46, leadSec: FIRST_LEAD_SEC })).toBe(false);
  });
});

describe('frameInterval', () => {
  it('is the media time between two presented frames', () => {
    expect(frameInterval(1, 1.04)).toBeCloseTo(0.04);
  });

  it('falls back to a 30 fps frame for the first frame, a seek or a skip', () => {
    expect(frameInterval(null, 1)).toBeCloseTo(frame);
    expect(frameInterval(3, 1)).toBeCloseTo(frame);
    expect(frameInterval(1, 2)).toBeCloseTo(frame);
  });
});

describe('nextLead', () => {
  it('rises to a slower start at once', () => {
    expect(nextLead(0.1, 0.18)).toBeCloseTo(0.18);
  });

  it('comes down halfway towards a quicker start', () => {
    expect(nextLead(0.1, 0.06)).toBeCloseTo(0.08);
  });

  it('stays within bounds: a stalled start does not cut half a second off the next chunks', () => {
    expect(nextLead(0.1, 3)).toBe(0.5);
    expect(nextLead(0.02, 0)).toBe(0.02);
  });
});
