import { ExternalLinkIcon, ScissorsIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { markerColor } from '@/components/player/markers';
import { Button } from '@/components/ui/button';
import type { AutoHighlight } from '@/features/live/utils/cheers';
import { cn } from '@/lib/utils';

type AutoHighlightsProps = {
  highlights: readonly AutoHighlight[];
  loading: boolean;
  onSeek: (highlight: AutoHighlight) => void;
  /** Clip the selected moment; absent when the viewer may not clip. */
  onClip?: (highlight: AutoHighlight) => void;
  clipLabel: string;
};

/**
 * 'Auto Highlights': the crowd's loudest moments as 'Highlight n', titled with their
 * stars; choosing one plays it and offers to clip it, or to open the clip already cut for it.
 */
export function AutoHighlights({ highlights, loading, onSeek, onClip, clipLabel }: AutoHighlightsProps) {
  const [selected, setSelected] = useState<number | null>(null);
  if (loading) return <p className="text-muted-foreground text-sm">Loading highlights...</p>;
  if (highlights.length === 0) {
    return <p className="text-muted-foreground text-sm">No highlights yet: the loudest cheers of the crowd will appear here.</p>;
  }
  return (
    <ol className="flex flex-col gap-1" aria-label="Auto highlights">
      {highlights.map((h, i) => (
        <li key={h.timestamp} className="flex flex-col gap-1">
          <button
            type="button"
            aria-pressed={selected === h.index}
            title={h.title || 'No stars'}
            onClick={() => {
              setSelected(h.index);
              onSeek(h);
            }}
            className={cn(
              'hover:bg-accent focus-visible:ring-ring/50 flex items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm outline-none focus-visible:ring-[3px]',
              selected === h.index && 'bg-accent',
            )}
          >
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: markerColor(i) }} />
            <span className="font-medium">Highlight {h.index}</span>
            <span role="img" className="ml-auto text-amber-500" aria-label={`${h.stars} of 5 stars`}>
              {h.title || '☆'}
            </span>
          </button>
          {selected === h.index ? (
            <div className="flex flex-wrap gap-2 pb-1 pl-7">
              {onClip ? (
                <Button type="button" size="sm" variant="secondary" onClick={() => onClip(h)} aria-busy={clipLabel !== 'Clip'}>
                  <ScissorsIcon aria-hidden="true" /> {clipLabel}
                </Button>
              ) : null}
              {h.path ? (
                <Button asChild size="sm" variant="outline">
                  <Link to={h.path}>
                    <ExternalLinkIcon aria-hidden="true" /> Share its clip
                  </Link>
                </Button>
              ) : null}
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

