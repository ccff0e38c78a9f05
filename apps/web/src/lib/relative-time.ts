const units = [
  { unit: 'week', ms: 7 * 24 * 60 * 60_000 },
  { unit: 'day', ms: 24 * 60 * 60_000 },
  { unit: 'hour', ms: 60 * 60_000 },
  { unit: 'minute', ms: 60_000 },
] as const;

// The app's text is English; Intl words the plurals ('1 minute ago', '2 minutes ago').
const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * Relative labels: 'just now', then minutes, hours, days and weeks ago (weeks is
 * the largest unit). A time slightly ahead of ours (clock skew) is 'just now'.
 */
export function relativeTimeLabel(time: string | number | Date, now: number): string {
  const elapsed = now - new Date(time).getTime();
  const match = units.find(({ ms }) => elapsed >= ms);
  if (!match) return 'just now';
  return format.format(-Math.floor(elapsed / match.ms), match.unit);
}
