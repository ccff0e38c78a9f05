import type { RsvpAnswer, ScheduleKind } from '@app/contracts/schedule';

/** How an answer reads on a button, a badge and the e-mail. */
export const answerLabel: Record<RsvpAnswer, string> = { going: 'Going', maybe: 'Maybe', no: "Can't" };

export const kindLabel: Record<ScheduleKind, string> = { game: 'Game', practice: 'Practice', event: 'Event' };

/** An answer's colours, the same wherever it shows (text and tint meet AA contrast in both themes). */
export const answerTone: Record<RsvpAnswer, string> = {
  going: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  maybe: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  no: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300',
};
