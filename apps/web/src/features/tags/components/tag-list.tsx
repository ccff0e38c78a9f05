import type { Tag } from '@app/contracts/film';
import { PlayIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { isTemporary } from '@/features/tags/utils/press';
import { formatMediaTime } from '@/lib/media-time';

/** Shown at first and added per "Show more": a long game's thousands of rows are not all drawn at once. */
const PAGE = 100;

type TagListProps = {
  items: readonly Tag[];
  colorOf: (code: string) => string;
  onPlay: (t: number) => void;
  canDelete: (t: Tag) => boolean;
  onDelete: (t: Tag) => void;
};

/** The filtered instances in time order: play one from its start, delete one of mine. */
export function TagList({ items, colorOf, onPlay, canDelete, onDelete }: TagListProps) {
  const [shown, setShown] = useState(PAGE);
  return (
    <div className="flex flex-col gap-2">
      <ol aria-label="Instances" className="divide-y rounded-lg border">
        {items.slice(0, shown).map((t) => (
          <li key={t._id} className="flex items-center gap-2 px-2 py-1.5 text-sm">
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: colorOf(t.code) }} />
            <button
              type="button"
              onClick={() => onPlay(t.start)}
              className="hover:bg-accent focus-visible:ring-ring/50 flex min-h-9 min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5 rounded px-1 text-left outline-none focus-visible:ring-[3px]"
            >
              <PlayIcon aria-hidden="true" className="text-muted-foreground size-3.5 shrink-0" />
              <span className="font-medium">{t.code}</span>
              <span className="text-muted-foreground tabular-nums">
                {formatMediaTime(t.start)}–{formatMediaTime(t.end)}
              </span>
              {t.labels.map((l) => (
                <span key={l} className="bg-muted rounded px-1.5 py-0.5 text-xs">
                  {l}
                </span>
              ))}
              <span className="text-muted-foreground ml-auto text-xs">{t.by}</span>
            </button>
            {canDelete(t) ? (
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Delete ${t.code} at ${formatMediaTime(t.start)}`}
                disabled={isTemporary(t._id)}
                onClick={() => onDelete(t)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {items.length > shown ? (
        <Button variant="outline" size="sm" className="self-center" onClick={() => setShown((n) => n + PAGE)}>
          Show more ({items.length - shown} left)
        </Button>
      ) : null}
    </div>
  );
}
