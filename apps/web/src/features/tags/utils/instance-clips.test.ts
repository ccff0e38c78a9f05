import { describe, expect, it } from 'vitest';

import { clipOfInstance, instanceName } from '@/features/tags/utils/instance-clips';

describe('an instance saved as a clip', () => {
  it('keeps its range when it lasts 1 to 180 s', () => {
    expect(clipOfInstance({ start: 12.5, end: 22.5 }, 95)).toEqual({ timestamp: 12.5, duration: 10 });
  });

  it('lasts at least a second (starting earlier at the end of the video) and at most 180 s', () => {
    expect(clipOfInstance({ start: 40, end: 40 }, 95)).toEqual({ timestamp: 40, duration: 1 });
    expect(clipOfInstance({ start: 94.8, end: 95 }, 95)).toEqual({ timestamp: 94, duration: 1 });
    expect(clipOfInstance({ start: 10, end: 400 }, 1000)).toEqual({ timestamp: 10, duration: 180 });
    expect(clipOfInstance({ start: 10, end: 10.5 }, null)).toEqual({ timestamp: 10, duration: 1 });
  });

  it('is named by its code and labels', () => {
    expect(instanceName({ code: 'Shot', labels: [] })).toBe('Shot');
    expect(instanceName({ code: 'Shot', labels: ['Left', 'Jane'] })).toBe('Shot · Left, Jane');
  });
});
