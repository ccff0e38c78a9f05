import type { Cheer } from '@app/contracts/live';

/** Stars = round(cheer / max cheer * 5), 0 to 5. */
export function cheerStars(cheer: number, max: number): number {
  if (!(max > 0) || !Number.isFinite(cheer)) return 0;
  return Math.min(5, Math.max(0, Math.round((cheer / max) * 5)));
}

export type AutoHighlight = Cheer & { index: number; stars: number; title: string };

/** The top cheers as 'Highlight n' in time order, each titled with its stars. */
export function autoHighlights(cheers: readonly Cheer[]): AutoHighlight[] {
  const max = Math.max(0, ...cheers.map((c) => c.cheer));
  return [...cheers]
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((c, i) => {
      const stars = cheerStars(c.cheer, max);
      return { ...c, index: i + 1, stars, title: '★'.repeat(stars) };
    });
}
