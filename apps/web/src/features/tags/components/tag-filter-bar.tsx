import type { TagFilter } from '@app/contracts/film';
import { FilterXIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { isNoFilter, NO_FILTER } from '@/features/tags/utils/tag-filter';
import { toggled } from '@/features/tags/utils/toggled';
import { cn } from '@/lib/utils';

type FilterBarProps = {
  /** The codes to choose from, with their colours, in the window's order. */
  codes: readonly { name: string; color: string }[];
  labels: readonly string[];
  filter: TagFilter;
  onChange: (next: TagFilter) => void;
};

/** Choose codes (any of them) and labels (all of them, or any), as the page's address keeps them. */
export function TagFilterBar({ codes, labels, filter, onChange }: FilterBarProps) {
  // A link may name what this video has none of: it stays on screen, chosen, so it can be taken off.
  const codeChoices = [...codes, ...filter.code.filter((c) => !codes.some((k) => k.name === c)).map((name) => ({ name, color: null }))];
  const labelChoices = [...labels, ...filter.label.filter((l) => !labels.includes(l))];
  return (
    <div className="flex flex-col gap-2" role="group" aria-label="Filter">
      <ChoiceRow caption="Codes">
        {codeChoices.map((c) => (
          <Choice key={c.name} on={filter.code.includes(c.name)} onClick={() => onChange({ ...filter, code: toggled(filter.code, c.name) })}>
            {c.color ? <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ backgroundColor: c.color }} /> : null}
            {c.name}
          </Choice>
        ))}
      </ChoiceRow>
      {labelChoices.length > 0 ? (
        <ChoiceRow caption="Labels">
          {labelChoices.map((l) => (
            <Choice key={l} on={filter.label.includes(l)} onClick={() => onChange({ ...filter, label: toggled(filter.label, l) })}>
              {l}
            </Choice>
          ))}
        </ChoiceRow>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <div role="radiogroup" aria-label="Labels to match" className="bg-muted inline-flex rounded-md p-0.5 text-xs">
          {(['all', 'any'] as const).map((match) => (
            <button
              key={match}
              type="button"
              role="radio"
              aria-checked={filter.match === match}
              onClick={() => onChange({ ...filter, match })}
              className={cn(
                'focus-visible:ring-ring/50 min-h-8 rounded px-2.5 font-medium outline-none focus-visible:ring-[3px]',
                filter.match === match ? 'bg-background shadow-xs' : 'text-muted-foreground',
              )}
            >
              {match === 'all' ? 'All labels (AND)' : 'Any label (OR)'}
            </button>
          ))}
        </div>
        {!isNoFilter(filter) ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTER)}>
            <FilterXIcon aria-hidden="true" /> Clear filter
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function ChoiceRow({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    <div role="group" aria-label={caption} className="flex flex-wrap items-center gap-1.5">
      <span className="text-muted-foreground w-14 shrink-0 text-xs font-medium">{caption}</span>
      {children}
    </div>
  );
}

function Choice({ on, onClick, children }: { on: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={cn(
        'focus-visible:ring-ring/50 flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm outline-none focus-visible:ring-[3px] lg:min-h-8',
        on ? 'bg-primary text-primary-foreground border-transparent' : 'bg-background hover:bg-accent',
      )}
    >
      {children}
    </button>
  );
}
