import type { TagFilter } from '@app/contracts/film';

import { cellCount, type TagCounts } from '@/features/tags/utils/tag-counts';
import { cn } from '@/lib/utils';

type MatrixProps = {
  counts: TagCounts;
  codes: readonly string[];
  labels: readonly string[];
  filter: TagFilter;
  onFilter: (next: TagFilter) => void;
};

const only = (filter: TagFilter, code: string | null, label: string | null) =>
  filter.code.length === (code ? 1 : 0) && filter.label.length === (label ? 1 : 0) && (!code || filter.code[0] === code) && (!label || filter.label[0] === label);

/**
 * Every instance counted by code and label: a row per code with its total, a column per label in use
 * with its total, a cell for each pair. Clicking a count filters to it.
 */
export function TagMatrix({ counts, codes, labels, filter, onFilter }: MatrixProps) {
  const cell = (code: string | null, label: string | null, n: number, name: string) => (
    <button
      type="button"
      aria-label={name}
      aria-pressed={only(filter, code, label)}
      disabled={n === 0}
      onClick={() => onFilter({ code: code ? [code] : [], label: label ? [label] : [], match: 'all' })}
      className={cn(
        'focus-visible:ring-ring/50 min-h-9 w-full rounded px-2 tabular-nums outline-none focus-visible:ring-[3px] disabled:opacity-40',
        only(filter, code, label) ? 'bg-primary text-primary-foreground' : n > 0 && 'hover:bg-accent',
      )}
    >
      {n}
    </button>
  );
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Instances by code and label</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="bg-card sticky left-0 px-2 py-1.5 text-left font-medium">
              Code
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              All
            </th>
            {labels.map((l) => (
              <th key={l} scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code} className="border-b last:border-b-0">
              <th scope="row" className="bg-card sticky left-0 px-2 py-1 text-left font-medium whitespace-nowrap">
                {code}
              </th>
              <td className="px-1 py-0.5 text-center">{cell(code, null, counts.byCode.get(code) ?? 0, `${code}: ${counts.byCode.get(code) ?? 0}`)}</td>
              {labels.map((l) => (
                <td key={l} className="px-1 py-0.5 text-center">
                  {cell(code, l, cellCount(counts, code, l), `${code} with ${l}: ${cellCount(counts, code, l)}`)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t">
            <th scope="row" className="bg-card sticky left-0 px-2 py-1 text-left font-medium">
              All codes
            </th>
            <td className="px-1 py-0.5 text-center">{cell(null, null, counts.total, `All instances: ${counts.total}`)}</td>
            {labels.map((l) => (
              <td key={l} className="px-1 py-0.5 text-center">
                {cell(null, l, counts.byLabel.get(l) ?? 0, `${l}: ${counts.byLabel.get(l) ?? 0}`)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
