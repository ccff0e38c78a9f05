import { z } from 'zod';

/**
 * Dates and times as the API takes them, ISO 8601, checked field by field. `Date.parse` rolls a day a month does
 * not have into the next month (2027-02-30 becomes 2 March) and reads years no column of ours can hold, so every
 * date of every request goes through `isoDate` or `isoDateTime` instead.
 */

/** `2026-03-01`, `2026-03-01T18:00`, `...T18:00:00.5`, `...T18:00:00Z`, `...T18:00:00-05:00`; an expanded year `+275760-...`. */
const ISO = /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?)?$/i;

/** A calendar day and a time of day, to the second. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The fields of an ISO 8601 date or date and time. */
export interface IsoParts extends WallTime {
  millisecond: number;
  /** Whether a time of day was written (else the parts say midnight). */
  hasTime: boolean;
  /** The written offset from UTC in minutes (east positive); null for a local time or a date alone. */
  offsetMinutes: number | null;
}

/**
 * The instant these calendar fields name read as UTC, to the second. Not `Date.UTC`: it reads years 0-99 as
 * 1900-1999, whose calendar differs (0000-02-29 exists, 1900-02-29 does not).
 */
export function utcOf(w: WallTime): number {
  const at = new Date(0);
  at.setUTCFullYear(w.year, w.month - 1, w.day);
  return at.setUTCHours(w.hour, w.minute, w.second, 0);
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** The fields of `value` when it is one of the forms above and names a day and a time that exist, else null. */
export function calendarParts(value: string): IsoParts | null {
  const m = ISO.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = m;
  // ISO 8601 and ECMAScript both refuse a negative year zero.
  if (y === '-000000') return null;
  const p: IsoParts = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: h ? Number(h) : 0,
    minute: mi ? Number(mi) : 0,
    second: s ? Number(s) : 0,
    millisecond: fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0,
    hasTime: h !== undefined,
    offsetMinutes: zulu ? 0 : sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : null,
  };
  if (p.month < 1 || p.month > 12 || p.day < 1 || p.day > daysInMonth(p.year, p.month)) return null;
  if (p.hour > 23 || p.minute > 59 || p.second > 59) return null;
  if (oh !== undefined && (Number(oh) > 23 || Number(om) > 59)) return null;
  return p;
}

/** The instant the parts name; a local time (no offset written) is read as UTC. */
export function instantOfParts(p: IsoParts): number {
  return utcOf(p) + p.millisecond - (p.offsetMinutes ?? 0) * 60_000;
}

/** The instant of an ISO 8601 date or date and time (a local one read as UTC); NaN when it is not one that exists. */
export function isoInstant(value: string): number {
  const p = calendarParts(value);
  return p ? instantOfParts(p) : NaN;
}

/** An inclusive bound: an instant in ms, or a function giving one at each check (now). */
export interface DateBound {
  at: number | (() => number);
  message: string;
}

export interface DateFieldRules {
  /** For a value of none of the accepted forms. */
  format: string;
  /** For a missing or empty value; without it an empty string gets `format`. */
  required?: string;
  /** For a day or a time the calendar does not have (2027-02-30, 25:00). */
  invalid?: string;
  /** Earliest and latest instant (a local time is compared as if it were UTC). */
  min: DateBound;
  max: DateBound;
}

const INVALID_DATE = 'Invalid date';

const startOfYear = (year: number) => utcOf({ year, month: 1, day: 1, hour: 0, minute: 0, second: 0 });

/** Bounds from the first instant of `from` to the last one of `to` (UTC): "`label` must be between 1970 and 2100". */
export function betweenYears(label: string, from: number, to: number): Pick<DateFieldRules, 'min' | 'max'> {
  const message = `${label} must be between ${from} and ${to}`;
  return { min: { at: startOfYear(from), message }, max: { at: startOfYear(to + 1) - 1, message } };
}

function dateField(rules: DateFieldRules, form: (p: IsoParts) => boolean) {
  const base = rules.required
    ? z.string({ required_error: rules.required, invalid_type_error: rules.required }).trim().min(1, rules.required)
    : z.string({ invalid_type_error: rules.format }).trim();
  return base.superRefine((value, ctx) => {
    // An empty value has its own message above, not a second one.
    if (value === '' && rules.required) return;
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!ISO.test(value)) return fail(rules.format);
    const p = calendarParts(value);
    if (!p) return fail(rules.invalid ?? INVALID_DATE);
    if (!form(p)) return fail(rules.format);
    const at = instantOfParts(p);
    const bound = (b: DateBound) => (typeof b.at === 'function' ? b.at() : b.at);
    // NaN: a year past what a Date holds either way.
    if (at < bound(rules.min) || (Number.isNaN(at) && p.year < 0)) return fail(rules.min.message);
    if (at > bound(rules.max) || Number.isNaN(at)) return fail(rules.max.message);
  });
}

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const isoDate = (rules: DateFieldRules) => dateField(rules, (p) => !p.hasTime);

/**
 * A date and time that exist: ISO 8601 with `Z` or an offset, or a local time without one (which the field's
 * owner reads in its own zone). `orDate` also takes a day alone (midnight).
 */
export const isoDateTime = (rules: DateFieldRules & { orDate?: boolean }) => dateField(rules, (p) => p.hasTime || rules.orDate === true);
