import { relativeTimeLabel } from '@/lib/relative-time';
import { useNow } from '@/lib/use-now';

/** '2 minutes ago', kept current while the page stays open; the exact time on hover and for machines. */
export function RelativeTime({ time, className }: { time: string | number; className?: string }) {
  const now = useNow(30_000);
  const date = new Date(time);
  return (
    <time className={className} dateTime={date.toISOString()} title={date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}>
      {relativeTimeLabel(date, now)}
    </time>
  );
}
