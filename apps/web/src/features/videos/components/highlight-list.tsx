import type { VideoHighlight } from '@app/contracts/videos';
import { PlayIcon, ScissorsIcon, XIcon } from 'lucide-react';

import { markerColor } from '@/components/player/markers';
import { highlightLabel } from '@/features/videos/utils/highlights';
import { formatMediaTime } from '@/lib/media-time';

type HighlightListProps = {
  highlights: readonly VideoHighlight[];
  onPlay: (highlight: VideoHighlight) => void;
  /** 'Clip this highlight': a clip from its intro to its outro. Absent: no such button. */
  onClip?: (highlight: VideoHighlight) => void;
  /** Which highlights get a Remove button (none when absent). */
  canRemove?: (highlight: VideoHighlight) => boolean;
  onRemove?: (highlight: VideoHighlight) => void;
  emptyText?: string;
};

/**
 * The marked highlights, in time order, each coloured as its timeline marker and named by who marked
 * it; a click plays it from intro to outro.
 */
export function HighlightList({ highlights, onPlay, onClip, canRemove, onRemove, emptyText = 'No highlights yet.' }: HighlightListProps) {
  if (highlights.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">{emptyText}</p>
    );
  }
  return (
    <ol className="flex flex-col gap-1" aria-label="Highlights">
      {highlights.map((h, index) => (
        <li key={h.id} className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => onPlay(h)}
            className="hover:bg-accent focus-visible:ring-ring/50 flex min-w-0 flex-1 items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm outline-none focus-visible:ring-[3px]"
          >
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: markerColor(index) }} />
            <span className="font-medium">{highlightLabel(index)}</span>
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="text-muted-foreground tabular-nums">
                {formatMediaTime(h.intro)} – {formatMediaTime(h.outro)}
              </span>
              <span className="text-muted-foreground truncate text-xs">by {h.makerName}</span>
            </span>
            <PlayIcon aria-hidden="true" className="text-muted-foreground ml-auto size-3.5" />
          </button>
          {onClip ? (
            <button
              type="button"
              onClick={() => onClip(h)}
              aria-label={`Clip this highlight: ${highlightLabel(index)}`}
              title="Clip this highlight"
              className="text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-ring/50 flex size-8 shrink-0 items-center justify-center rounded-md outline-none focus-visible:ring-[3px]"
            >
              <ScissorsIcon aria-hidden="true" className="size-4" />
            </button>
          ) : null}
          {onRemove && canRemove?.(h) ? (
            <button
              type="button"
              onClick={() => onRemove(h)}
              aria-label={`Remove ${highlightLabel(index)}`}
              title="Remove"
              className="text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-ring/50 flex size-8 shrink-0 items-center justify-center rounded-md outline-none focus-visible:ring-[3px]"
            >
              <XIcon aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
