import { useId } from 'react';

import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** Props a field's control needs to be tied to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
};

type FormFieldProps = {
  label: string;
  /** The validation or server message for this field. */
  error?: string;
  /** Help text under the control. */
  hint?: React.ReactNode;
  /** Beside the label, right-aligned (e.g. "Forgot your password?"). */
  labelAside?: React.ReactNode;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
};

/**
 * A labelled form control with its hint and error: `aria-invalid` and `aria-describedby` point at
 * them. The hint and the error share one line: an error replaces the hint (one message, not a hint
 * above a second wording of it), and the line keeps its height when empty, so a message appearing
 * never shifts the form.
 */
export function FormField({ label, error, hint, labelAside, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : hint ? hintId : undefined;

  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex min-h-4 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      <div className="-mt-1 grid min-h-4 text-xs leading-4">
        {hint ? (
          <p id={hintId} className={cn('text-muted-foreground [grid-area:1/1]', error && 'invisible')} aria-hidden={error ? true : undefined}>
            {hint}
          </p>
        ) : null}
        {/* Always present: a live region must exist before its message does to be announced. */}
        <p id={errorId} className="text-destructive [grid-area:1/1]" aria-live="polite">
          {error}
        </p>
      </div>
    </div>
  );
}
