import { describe, expect, it } from 'vitest';

import { clockOffset, serverNow } from '@/features/live/utils/server-clock';

describe('the server clock', () => {
  it('is the server time minus the middle of the round trip', () => {
    // Sent at 1000, answered at 1200 on a phone 60 s behind: the server read 61 100 halfway.
    expect(clockOffset(61_100, 1000, 1200)).toBe(60_000);
    expect(clockOffset(1100, 61_000, 61_200)).toBe(-60_000);
    expect(clockOffset(5000, 5000, 5000)).toBe(0);
  });

  it('turns this device’s now into the server’s', () => {
    expect(serverNow(60_000, 1_000_000)).toBe(1_060_000);
    expect(serverNow(-60_000, 1_000_000)).toBe(940_000);
  });
});
