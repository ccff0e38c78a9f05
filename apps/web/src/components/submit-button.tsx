import { Loader2Icon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type SubmitButtonProps = React.ComponentProps<typeof Button> & {
  pending?: boolean;
  /** Shown before the text when not pending. */
  icon?: React.ReactNode;
};

/**
 * A form's submit button with its loading state: a spinner replaces the icon and the button is
 * disabled, while the text (and so the accessible name) stays the same.
 */
export function SubmitButton({ pending = false, icon, children, className, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      className={cn('w-full', className)}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : icon}
      {children}
    </Button>
  );
}
