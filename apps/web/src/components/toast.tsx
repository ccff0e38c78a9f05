import { XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';

/** Long enough to read a line and reach a button. */
const SHOW_MS = 8_000;

type ToastProps = {
  /** What happened; null hides the toast. A new value shows it again. */
  message: React.ReactNode | null;
  /** Buttons or links offered with it (View, Share). */
  actions?: React.ReactNode;
  onDismiss: () => void;
};

/**
 * A short notice at the bottom of the screen (above the phone's bottom navigation) that leaves by
 * itself. Its live region is always in the page, so screen readers announce each new message; it
 * stays while the pointer or the focus is on it, and Escape or the close button dismisses it.
 */
export function Toast({ message, actions, onDismiss }: ToastProps) {
  const [held, setHeld] = useState(false);
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    if (message === null || held) return;
    const timer = setTimeout(() => dismiss.current(), SHOW_MS);
    return () => clearTimeout(timer);
  }, [message, held]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-3 bottom-20 z-50 flex justify-center lg:inset-x-auto lg:right-6 lg:bottom-6">
      {message !== null ? (
        <div
          className="bg-popover text-popover-foreground pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-xl border p-3 pl-4 shadow-lg"
          onPointerEnter={() => setHeld(true)}
          onPointerLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDismiss();
          }}
        >
          <div className="min-w-0 flex-1 text-sm">{message}</div>
          {actions ? <div className="flex shrink-0 gap-1.5">{actions}</div> : null}
          <Button type="button" variant="ghost" size="icon-sm" className="shrink-0" aria-label="Dismiss" onClick={onDismiss}>
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
