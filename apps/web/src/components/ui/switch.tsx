import { cn } from '@/lib/utils';

type SwitchProps = Omit<React.ComponentProps<'button'>, 'onChange' | 'value'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/** An on/off switch (shadcn's look): a button with role switch, so keyboards and screen readers know it. */
export function Switch({ checked, onCheckedChange, className, disabled, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'peer focus-visible:ring-ring/50 focus-visible:border-ring inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-transparent shadow-xs transition-colors outline-none focus-visible:ring-[3px] disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-input dark:bg-input/80',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn('bg-background pointer-events-none block size-5 rounded-full shadow-sm ring-0 transition-transform', checked ? 'translate-x-5' : 'translate-x-0.5')}
      />
    </button>
  );
}
