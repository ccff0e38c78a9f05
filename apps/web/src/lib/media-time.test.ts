import { describe, expect, it } from 'vitest';

import { formatMediaTime } from '@/lib/media-time';

describe('formatMediaTime', () => {
  it('shows m:ss under an hour and h:mm:ss from an hour on', () => {
    expect(formatMediaTime(0)).toBe('0:00');
    expect(formatMediaTime(9.9)).toBe('0:09');
    expect(formatMediaTime(75)).toBe('1:15');
    expect(formatMediaTime(3725)).toBe('1:02:05');
  });

  it('shows 0:00 for unknown durations', () => {
    expect(formatMediaTime(Number.NaN)).toBe('0:00');
    expect(formatMediaTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatMediaTime(null)).toBe('0:00');
    expect(formatMediaTime(-4)).toBe('0:00');
  });
});
