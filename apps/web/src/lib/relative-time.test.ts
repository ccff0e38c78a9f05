import { describe, expect, it } from 'vitest';

import { relativeTimeLabel } from '@/lib/relative-time';

const now = Date.parse('2025-03-20T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const minute = 60_000;

describe('relativeTimeLabel', () => {
  it.each([
    [ago(0), 'just now'],
    [ago(59_000), 'just now'],
    [new Date(now + 30_000).toISOString(), 'just now'],
    [ago(minute), '1 minute ago'],
    [ago(2 * minute + 30_000), '2 minutes ago'],
    [ago(59 * minute), '59 minutes ago'],
    [ago(60 * minute), '1 hour ago'],
    [ago(23 * 60 * minute), '23 hours ago'],
    [ago(24 * 60 * minute), '1 day ago'],
    [ago(6 * 24 * 60 * minute), '6 days ago'],
    [ago(7 * 24 * 60 * minute), '1 week ago'],
    [ago(30 * 24 * 60 * minute), '4 weeks ago'],
  ])('%s -> %s', (time, label) => {
    expect(relativeTimeLabel(time, now)).toBe(label);
  });
});
