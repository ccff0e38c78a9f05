import { describe, expect, it } from 'vitest';

import { computeLevel, RECENCY_WINDOW_MS } from '@/app/compute-level';

const now = Date.parse('2025-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const DAY = 24 * 3600 * 1000;

describe('computeLevel', () => {
  it('uses an 8-day window', () => {
    expect(RECENCY_WINDOW_MS).toBe(8 * 24 * 3600 * 1000);
  });

  describe('non-empty usage list: the type of the first item', () => {
    it.each(['none', 'fan', 'athlete', 'team'] as const)('%s', (type) => {
      expect(computeLevel({ usageItems: [{ type }], now })).toBe(type);
    });

    it('takes the first item, not the best one', () => {
      expect(computeLevel({ usageItems: [{ type: 'fan' }, { type: 'team' }], now })).toBe('fan');
    });

    it('maps an unknown first type to none (fails closed, does not skip ahead)', () => {
      expect(computeLevel({ usageItems: [{ type: 'editor' }, { type: 'team' }], now })).toBe('none');
    });

    it('ignores the user record when subscribed', () => {
      const userRecord = { type: 'team', updatedAt: ago(DAY) };
      expect(computeLevel({ usageItems: [{ type: 'fan' }], userRecord, now })).toBe('fan');
    });
  });

  describe('empty usage list: the recent user record', () => {
    it.each([
      ['team updated 1 day ago', { type: 'team', updatedAt: ago(DAY) }, 'team'],
      ['athlete updated 1 day ago', { type: 'athlete', updatedAt: ago(DAY) }, 'athlete'],
      ['fan updated 1 day ago (fans get no trial)', { type: 'fan', updatedAt: ago(DAY) }, 'none'],
      ['team updated exactly 8 days ago (inclusive)', { type: 'team', updatedAt: ago(8 * DAY) }, 'team'],
      ['athlete 1 ms inside the window', { type: 'athlete', updatedAt: ago(8 * DAY - 1) }, 'athlete'],
      ['team 1 ms past 8 days', { type: 'team', updatedAt: ago(8 * DAY + 1) }, 'none'],
      ['athlete updated 30 days ago', { type: 'athlete', updatedAt: ago(30 * DAY) }, 'none'],
      ['team updated a minute in the future (clock skew)', { type: 'team', updatedAt: ago(-60_000) }, 'team'],
      ['team with no updatedAt', { type: 'team' }, 'none'],
      ['team with an unparseable updatedAt', { type: 'team', updatedAt: 'yesterday' }, 'none'],
      ['no type', { updatedAt: ago(DAY) }, 'none'],
    ] as const)('%s', (_name, userRecord, expected) => {
      expect(computeLevel({ usageItems: [], userRecord, now })).toBe(expected);
    });

    it('is none without a user record', () => {
      expect(computeLevel({ usageItems: [], userRecord: null, now })).toBe('none');
      expect(computeLevel({ usageItems: [], now })).toBe('none');
    });

    it('accepts Date and epoch-ms inputs', () => {
      const userRecord = { type: 'athlete', updatedAt: now - DAY };
      expect(computeLevel({ usageItems: [], userRecord, now: new Date(now) })).toBe('athlete');
    });
  });
});
