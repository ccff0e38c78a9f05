import { describe, expect, it } from 'vitest';

import { overallPercent, uploadingMessage } from '@/features/upload/utils/upload-progress';

describe('overallPercent', () => {
  it('is 0 with nothing to send', () => {
    expect(overallPercent([])).toBe(0);
    expect(overallPercent([{ loaded: 0, total: 0 }])).toBe(0);
  });

  it('weighs files by their bytes, not their count', () => {
    // A finished 10-byte clip and a quarter of a 990-byte game: 257.5 of 1000 bytes.
    expect(overallPercent([{ loaded: 10, total: 10 }, { loaded: 247.5, total: 990 }])).toBe(25);
  });

  it('rounds down, so 100 means every byte is sent', () => {
    expect(overallPercent([{ loaded: 999, total: 1000 }])).toBe(99);
    expect(overallPercent([{ loaded: 1000, total: 1000 }])).toBe(100);
  });

  it('ignores bytes beyond a file size and negative counts', () => {
    expect(overallPercent([{ loaded: 1500, total: 1000 }, { loaded: -5, total: 1000 }])).toBe(50);
  });
});

describe('uploadingMessage', () => {
  it('is the product text', () => {
    expect(uploadingMessage(3, 42)).toBe('Uploading 3 videos... 42% done. Please keep this window open...');
  });
});
