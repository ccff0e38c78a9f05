import { CheckIcon, CopyIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type CopyFieldProps = {
  label: string;
  value: string;
  /** What the box shows instead of `value` (a masked key); Copy still copies `value`. */
  shown?: string;
  /** Buttons after Copy (a reveal toggle). */
  children?: React.ReactNode;
};

/** One encoder setting: its name, a read-only box (selects all on focus) and its own Copy button. */
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
      <div className="flex items-center gap-1.5">
        <Input
          id={id}
          readOnly
          value={shown}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="bg-muted min-w-0 flex-1 font-mono text-xs md:text-xs"
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
