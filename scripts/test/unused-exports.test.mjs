// The unused-exports check must name an export nothing uses, and only that.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findUnusedExports } from '../lib/unused-exports.mjs';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lint-fixtures/unused-exports');

describe('unused exports', () => {
  it('reports an export no file uses, and neither imported, lazily loaded, file-local nor entry exports', () => {
    expect(findUnusedExports(fixture, ['.'])).toEqual([{ file: 'shapes.ts', name: 'dead' }]);
  });
});
