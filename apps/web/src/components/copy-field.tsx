import { CheckIcon, CopyIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';

type CopyFieldProps = {
  label: string;
  value: string;
  /** What the box shows instead of `value` (a masked key); Copy still copies `value`. */
  shown?: string;
  /** Buttons after Copy (a reveal toggle). */
  children?: React.ReactNode;
};

/**
 * One encoder setting: its name, a read-only box (selects all on focus) and its own Copy button. The box
 * wraps instead of cutting the value off, so what a phone shows can be typed into an encoder as it is.
 */
export function CopyField({ label, value, shown = value, children }: CopyFieldProps) {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);

  async function copy() {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(value);
  }

  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-muted-foreground text-xs">
        {label}
      </label>
      <div className="flex items-start gap-1.5">
        <textarea
          id={id}
          readOnly
          rows={1}
          value={shown}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="bg-muted border-input focus-visible:border-ring focus-visible:ring-ring/50 field-sizing-content min-h-8 min-w-0 flex-1 resize-none rounded-md border px-3 py-1.5 font-mono text-xs break-all shadow-xs outline-none focus-visible:ring-[3px]"
        />
        {children}
        <Button type="button" size="sm" variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied === value ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          <span className="max-sm:sr-only">{copied === value ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
    </div>
  );
}
