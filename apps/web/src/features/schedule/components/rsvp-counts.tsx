import type { RsvpCounts } from '@app/contracts/schedule';

import { cn } from '@/lib/utils';

/** '5 going · 1 maybe · 2 can't · 3 no answer', the empty ones left out. */
export function RsvpCountsLine({ counts, className }: { counts: RsvpCounts; className?: string }) {
  const parts = [
    [counts.going, 'going'],
    [counts.maybe, 'maybe'],
    [counts.no, "can't"],
    [counts.none, 'no answer'],
  ].filter(([n]) => Number(n) > 0);
  if (parts.length === 0) return null;
  return <p className={cn('text-muted-foreground text-xs tabular-nums', className)}>{parts.map(([n, word]) => `${n} ${word}`).join(' · ')}</p>;
}
