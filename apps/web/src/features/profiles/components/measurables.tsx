import type { Measurable } from '@app/contracts/profiles';
import { BadgeCheckIcon } from 'lucide-react';

import type { CardData } from '@/features/profiles/utils/card-data';
import { cn } from '@/lib/utils';

const MEASURABLES: { field: Measurable; label: string }[] = [
  { field: 'height', label: 'Height' },
  { field: 'weight', label: 'Weight' },
  { field: 'sportPosition', label: 'Position' },
  { field: 'jersey', label: 'Jersey' },
];

type MeasurablesProps = {
  card: CardData;
  /** The team owner looking at a member: each value with a verify switch. */
  onVerify?: (field: Measurable, verified: boolean) => void;
  verifying?: Measurable | null;
};

const present = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== '';

/** Age, height, weight and position (and jersey, for the team owner) as tiles; the ones the team owner checked carry "Verified by coach". */
export function Measurables({ card, onVerify, verifying }: MeasurablesProps) {
  // The jersey number is the card's headline (with its own badge); the team owner gets its tile to verify it.
  const tiles = MEASURABLES.filter(({ field }) => present(card[field]) && (field !== 'jersey' || onVerify));
  if (card.age === null && tiles.length === 0) return null;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {card.age !== null ? <Tile label="Age" value={String(card.age)} /> : null}
      {tiles.map(({ field, label }) => {
        const verified = card.verified.includes(field);
        return (
          <Tile key={field} label={label} value={String(card[field])} verified={verified}>
            {onVerify ? (
              <button
                type="button"
                disabled={verifying === field}
                onClick={() => onVerify(field, !verified)}
                className="hover:bg-accent mt-2 self-start rounded-md border px-2 py-0.5 text-xs font-medium disabled:opacity-50"
                aria-label={`${verified ? 'Withdraw verification of' : 'Verify'} ${label.toLowerCase()}`}
              >
                {verified ? 'Withdraw' : 'Verify'}
              </button>
            ) : null}
          </Tile>
        );
      })}
    </dl>
  );
}

function Tile({ label, value, verified = false, children }: { label: string; value: string; verified?: boolean; children?: React.ReactNode }) {
  return (
    <div className={cn('bg-card flex min-w-0 flex-col rounded-lg border p-3', verified && 'border-emerald-600')}>
      <dt className="text-muted-foreground text-[11px] font-semibold tracking-wider uppercase">{label}</dt>
      <dd className="mt-1 truncate text-lg font-semibold" title={value}>
        {value}
      </dd>
      {verified ? (
        <dd className="mt-1 flex items-center gap-1 text-xs font-medium text-emerald-700">
          <BadgeCheckIcon aria-hidden="true" className="size-3.5" />
          Verified by coach
        </dd>
      ) : null}
      {children}
    </div>
  );
}
