import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '@app/contracts/json-depth';

/** `depth` levels of nested arrays: `[[[]]]` is 3. */
const nested = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
};

describe('jsonDepthExceeds', () => {
  it('counts an object or array as one level and scalars as none', () => {
    expect(jsonDepthExceeds('text', 0)).toBe(false);
    expect(jsonDepthExceeds(null, 0)).toBe(false);
    expect(jsonDepthExceeds({}, 0)).toBe(true);
    expect(jsonDepthExceeds({}, 1)).toBe(false);
    expect(jsonDepthExceeds({ a: { b: [1] } }, 3)).toBe(false);
    expect(jsonDepthExceeds({ a: { b: [1] } }, 2)).toBe(true);
  });

  it('finds the deepest branch, wherever it is', () => {
    const value = { shallow: 1, list: [1, 2, { deep: { deeper: {} } }], other: {} };
    expect(jsonDepthExceeds(value, 5)).toBe(false);
    expect(jsonDepthExceeds(value, 4)).toBe(true);
  });

  it('walks a value too deep for a recursive walk without overflowing', () => {
    const deep = nested(200_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(jsonDepthExceeds(deep, 32)).toBe(true);
    expect(jsonDepthExceeds(nested(32), 32)).toBe(false);
    expect(jsonDepthExceeds(nested(33), 32)).toBe(true);
  });
});
