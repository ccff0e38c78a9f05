import { describe, expect, it } from 'vitest';
import { parseRangeHeader, resolveRange } from '../../src/storage/byte-range';

describe('parseRangeHeader', () => {
  it.each([
    [undefined, 100, { kind: 'none' }],
    ['bytes=0-0', 100, { kind: 'range', range: { start: 0, end: 0 } }],
    ['bytes=10-19', 100, { kind: 'range', range: { start: 10, end: 19 } }],
    ['bytes=90-', 100, { kind: 'range', range: { start: 90, end: 99 } }],
    ['bytes=90-500', 100, { kind: 'range', range: { start: 90, end: 99 } }],
    ['bytes=-10', 100, { kind: 'range', range: { start: 90, end: 99 } }],
    ['bytes=-500', 100, { kind: 'range', range: { start: 0, end: 99 } }],
    ['Bytes = 1-2', 100, { kind: 'range', range: { start: 1, end: 2 } }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=100-200', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=-5', 0, { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', 100, { kind: 'none' }],
    ['bytes=5-1', 100, { kind: 'none' }],
    ['bytes=-', 100, { kind: 'none' }],
    ['bytes=a-b', 100, { kind: 'none' }],
    ['items=0-1', 100, { kind: 'none' }],
    ['bytes=1.5-2', 100, { kind: 'none' }],
  ])('%j of %i bytes', (header, size, expected) => {
    expect(parseRangeHeader(header, size)).toEqual(expected);
  });
});

describe('resolveRange', () => {
  it('clamps the end and refuses impossible ranges', () => {
    expect(resolveRange({ start: 0 }, 10)).toEqual({ start: 0, end: 9 });
    expect(resolveRange({ start: 3, end: 50 }, 10)).toEqual({ start: 3, end: 9 });
    expect(() => resolveRange({ start: 10 }, 10)).toThrow(expect.objectContaining({ code: 'RANGE_NOT_SATISFIABLE' }));
    expect(() => resolveRange({ start: 0 }, 0)).toThrow(expect.objectContaining({ code: 'RANGE_NOT_SATISFIABLE' }));
    expect(() => resolveRange({ start: 4, end: 3 }, 10)).toThrow(expect.objectContaining({ code: 'RANGE_NOT_SATISFIABLE' }));
    expect(() => resolveRange({ start: 1.5 }, 10)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  });
});
