import type { RsvpAnswer, ScheduleKind } from '@app/contracts/schedule';

/** How an answer reads on a button, a badge and the e-mail. */
export const answerLabel: Record<RsvpAnswer, string> = { going: 'Going', maybe: 'Maybe', no: "Can't" };

export const kindLabel: Record<ScheduleKind, string> = { game: 'Game', practice: 'Practice', event: 'Event' };

/**
 * An answer's colours, the same wherever it shows (text on tint meets AA contrast in both themes). Tints
 * the app already uses: every new colour class adds to the one stylesheet the sign-in page loads too.
 */
export const answerTone: Record<RsvpAnswer, string> = {
  going: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  maybe: 'bg-amber-500/10 text-amber-700 dark:text-amber-300',
  no: 'bg-destructive/10 text-destructive',
};
