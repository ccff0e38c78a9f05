import { cn } from '@/lib/utils';

type ControlButtonProps = {
  /** The accessible name, also the tooltip. */
  label: string;
  /** The key that does the same, named in the tooltip. */
  shortcut?: string;
  /** The live player's controls are a size up: it is watched from further away, often on a phone. */
  size?: 'default' | 'large';
  onClick: () => void;
  /** The icon. */
  children: React.ReactNode;
};

const SIZES = { default: 'size-8 [&_svg]:size-4', large: 'size-9 [&_svg]:size-5' };

/** An icon button on a player's dark control bar. */
export function ControlButton({ label, shortcut, size = 'default', onClick, children }: ControlButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      onClick={onClick}
      className={cn(
        'flex shrink-0 items-center justify-center rounded-md text-white outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white/60 [&_svg]:pointer-events-none',
        SIZES[size],
      )}
    >
      {children}
    </button>
  );
}
