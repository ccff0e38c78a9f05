import type { RsvpAnswer } from '@app/contracts/schedule';
import { CheckIcon, CircleHelpIcon, XIcon, type LucideIcon } from 'lucide-react';

import { answerLabel, answerTone } from '@/features/schedule/utils/labels';
import { cn } from '@/lib/utils';

const answers: { answer: RsvpAnswer; icon: LucideIcon }[] = [
  { answer: 'going', icon: CheckIcon },
  { answer: 'maybe', icon: CircleHelpIcon },
  { answer: 'no', icon: XIcon },
];

type RsvpButtonsProps = {
  value: RsvpAnswer | null;
  onAnswer: (answer: RsvpAnswer) => void;
  disabled?: boolean;
  /** What the group is about, for screen readers ("Your answer for Practice"). */
  label: string;
  className?: string;
};

/** Going / Maybe / Can't as one row of toggle buttons: one tap answers, the chosen one stays pressed. */
export function RsvpButtons({ value, onAnswer, disabled, label, className }: RsvpButtonsProps) {
  return (
    <div role="group" aria-label={label} className={cn('grid grid-cols-3 gap-1.5', className)}>
      {answers.map(({ answer, icon: Icon }) => {
        const pressed = value === answer;
        return (
          <button
            key={answer}
            type="button"
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onAnswer(answer)}
            className={cn(
              'focus-visible:ring-ring/50 inline-flex h-9 min-w-0 items-center justify-center gap-1.5 rounded-md border px-2 text-sm font-medium whitespace-nowrap outline-none transition-colors focus-visible:ring-[3px] disabled:opacity-50',
              pressed ? cn(answerTone[answer], 'border-transparent') : 'bg-background hover:bg-accent dark:bg-input/30',
            )}
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {answerLabel[answer]}
          </button>
        );
      })}
    </div>
  );
}
