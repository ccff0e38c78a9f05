import type { Reel } from '@app/contracts/clips';

type ReelPickerProps = {
  reels: Reel[];
  chosen: string | null;
  disabled: boolean;
  onChoose: (reel: Reel | null) => void;
};

const clipsOf = (reel: Reel) => `${reel.chunks.length} ${reel.chunks.length === 1 ? 'clip' : 'clips'}`;

/** One of my reels (or none) to play on the card; a reel whose link is off gets it switched on when chosen. */
export function ReelPicker({ reels, chosen, disabled, onChoose }: ReelPickerProps) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="sr-only">Reel on the card</legend>
      <label className="flex items-center gap-2 rounded-md border p-3 text-sm">
        <input type="radio" name="card-reel" checked={chosen === null} onChange={() => onChoose(null)} />
        No reel
      </label>
      {reels.map((reel) => (
        <label key={reel.reelId} className="flex items-center gap-2 rounded-md border p-3 text-sm">
          <input type="radio" name="card-reel" checked={chosen === reel.reelId} onChange={() => onChoose(reel)} />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{reel.title || 'Untitled reel'}</span>
            <span className="text-muted-foreground block text-xs">
              {clipsOf(reel)} · {reel.shared ? 'Share link on' : 'Private: choosing it turns its share link on'}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
