import { AppError } from '../errors';
import type { ByteRange } from './storage';

/** Rejects ranges no store could serve, before any I/O. */
export function assertRangeShape(range: { start: number; end?: number }): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0 || (end !== undefined && (!Number.isSafeInteger(end) || end < 0))) {
    throw new AppError('BAD_REQUEST', 'Byte range bounds must be non-negative integers.');
  }
  if (end !== undefined && end < start) {
    throw new AppError('RANGE_NOT_SATISFIABLE', 'Byte range ends before it starts.');
  }
}

/** Clamps `end` to the last byte, as S3 does; a start at or past the end is unsatisfiable. */
export function resolveRange(range: { start: number; end?: number }, size: number): ByteRange {
  assertRangeShape(range);
  if (range.start >= size) {
    throw new AppError('RANGE_NOT_SATISFIABLE', `Byte range starts at ${range.start} but the object has ${size} bytes.`);
  }
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

export type RangeHeader = { kind: 'none' } | { kind: 'unsatisfiable' } | { kind: 'range'; range: ByteRange };

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Parses an HTTP `Range` header (RFC 9110 section 14) for an object of `size` bytes.
 * Anything we do not understand - other units, malformed specs, several ranges - is ignored and the
 * whole object is served with 200: always correct, and players only ever ask for one range.
 */
export function parseRangeHeader(header: string | undefined, size: number): RangeHeader {
  if (!header) return { kind: 'none' };
  const match = /^bytes[ \t]*=[ \t]*(.+)$/i.exec(header.trim());
  if (!match?.[1] || match[1].includes(',')) return { kind: 'none' };
  const spec = SPEC.exec(match[1].trim());
  if (!spec) return { kind: 'none' };
  const [, first = '', last = ''] = spec;
  if (first === '' && last === '') return { kind: 'none' };

  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'none' };
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'range', range: { start, end } };
}
