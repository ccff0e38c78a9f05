import { cn } from '@/lib/utils';

type ProgressProps = {
  /** 0-100. */
  value: number;
  label: string;
  /** Track (height, colour) and bar colours; the defaults suit a card on the page background. */
  className?: string;
  barClassName?: string;
};

/** A determinate progress bar (uploads, transcoding) that screen readers announce with its label. */
export function Progress({ value, label, className, barClassName }: ProgressProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn('bg-muted h-1.5 overflow-hidden rounded-full', className)}
    >
      <div className={cn('bg-primary h-full rounded-full transition-[width] duration-500', barClassName)} style={{ width: `${value}%` }} />
    </div>
  );
}
