import { SPORT_CODES, SPORTS } from '@app/contracts/live';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

const selectClass =
  'border-input dark:bg-input/30 focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive h-10 w-full rounded-md border bg-transparent px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] sm:h-9 md:text-sm';

type SportSelectProps = Omit<ComponentProps<'select'>, 'children'> & {
  /** The empty choice's label ('Choose a sport', 'All sports'). */
  placeholder: string;
};

/** The 21 sports by name, valued by sport code (event form, Go live, the games filter). */
export function SportSelect({ placeholder, className, ...props }: SportSelectProps) {
  return (
    <select {...props} className={cn(selectClass, className)}>
      <option value="">{placeholder}</option>
      {SPORT_CODES.map((code) => (
        <option key={code} value={code}>
          {SPORTS[code]}
        </option>
      ))}
    </select>
  );
}
