/**
 * Media times as players show them: `m:ss` under an hour, `h:mm:ss` from an hour on. Shared by the
 * library cards (durations) and the player (position). Negative, NaN or infinite input counts as 0
 * (a <video> reports NaN duration until its metadata loads).
 */
export function formatMediaTime(seconds: number | null | undefined): string {
  const total = Number.isFinite(seconds) && (seconds as number) > 0 ? Math.floor(seconds as number) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A video's date for cards and headings, e.g. "Mar 4, 2025", in the reader's locale. */
export function formatVideoDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}
