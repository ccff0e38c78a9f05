import type { Tag } from '@app/contracts/film';
import { ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { instanceName } from '@/features/tags/utils/instance-clips';
import { isTemporary } from '@/features/tags/utils/press';
import { barBox, playheadPercent, timeAtPointer, trimmed, type TimelineRow } from '@/features/tags/utils/timeline-layout';
import { formatMediaTime } from '@/lib/media-time';
import { cn } from '@/lib/utils';

type Range = { start: number; end: number };
type TimelineProps = {
  rows: readonly TimelineRow[];
  /** Seconds the rows span (the video's duration). */
  length: number;
  /** The play position in seconds, read every frame for the playhead. */
  now: () => number;
  onPlay: (t: number) => void;
  canTrim: (t: Tag) => boolean;
  onTrim: (t: Tag, range: Range) => void;
};

const ZOOMS = [1, 2, 4, 8, 16, 32];
/** A pointer that moves less than this on an edge is a click (it plays), not a trim. */
const DRAG_PX = 3;

/**
 * The instances on the video's timeline, a row per code: a bar per instance (click: play from its start;
 * drag an edge of one's own: trim it), the playhead across every row. Bars are divs placed in percent of
 * their row and rows are memoized, so thousands of instances lay out without measuring, a trim redraws
 * one row and the playhead none; zooming widens the rows inside a scrolling frame.
 */
export function TagTimeline({ rows, length, now, onPlay, canTrim, onTrim }: TimelineProps) {
  const [zoom, setZoom] = useState(1);
  const level = ZOOMS.indexOf(zoom);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-end gap-1">
        <span className="text-muted-foreground mr-1 text-xs tabular-nums">{zoom}×</span>
        <Button variant="outline" size="icon-sm" aria-label="Zoom out" disabled={level <= 0} onClick={() => setZoom(ZOOMS[level - 1]!)}>
          <ZoomOutIcon aria-hidden="true" />
        </Button>
        <Button variant="outline" size="icon-sm" aria-label="Zoom in" disabled={level >= ZOOMS.length - 1} onClick={() => setZoom(ZOOMS[level + 1]!)}>
          <ZoomInIcon aria-hidden="true" />
        </Button>
      </div>
      <div className="overflow-x-auto rounded-lg border">
        <div role="group" aria-label="Timeline" className="relative min-w-full" style={{ width: `${zoom * 100}%` }}>
          {rows.map((row) => (
            <Row key={row.code} row={row} length={length} onPlay={onPlay} canTrim={canTrim} onTrim={onTrim} />
          ))}
          <Playhead now={now} length={length} />
        </div>
      </div>
      <div className="text-muted-foreground flex justify-between text-xs tabular-nums" aria-hidden="true">
        <span>{formatMediaTime(0)}</span>
        <span>{formatMediaTime(length)}</span>
      </div>
    </div>
  );
}

/** The line at the play position, moved every frame without rendering the rows again. */
function Playhead({ now, length }: { now: () => number; length: number }) {
  const line = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (typeof requestAnimationFrame !== 'function') return;
    let frame = 0;
    const tick = () => {
      if (line.current) line.current.style.left = `${playheadPercent(now(), length)}%`;
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [now, length]);
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-1 left-[7.25rem]">
      <div ref={line} data-testid="playhead" className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-red-500" />
    </div>
  );
}

type RowProps = { row: TimelineRow; length: number; onPlay: (t: number) => void; canTrim: (t: Tag) => boolean; onTrim: (t: Tag, range: Range) => void };

/** Rows redraw only when their own instances change (a filter or a trim builds new rows of the same instances). */
function sameRow(a: RowProps, b: RowProps): boolean {
  if (a.length !== b.length || a.onPlay !== b.onPlay || a.canTrim !== b.canTrim || a.onTrim !== b.onTrim) return false;
  if (a.row.code !== b.row.code || a.row.color !== b.row.color || a.row.items.length !== b.row.items.length) return false;
  return a.row.items.every((t, i) => t === b.row.items[i]);
}

type Drag = { tag: Tag; edge: 'start' | 'end'; track: { left: number; width: number }; x: number; moved: boolean; range: Range };

const Row = memo(function Row({ row, length, onPlay, canTrim, onTrim }: RowProps) {
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [preview, setPreview] = useState<(Range & { id: string }) | null>(null);

  function begin(tag: Tag, edge: 'start' | 'end', event: React.PointerEvent<HTMLElement>) {
    const box = track.current?.getBoundingClientRect();
    if (!box) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { tag, edge, track: { left: box.left, width: box.width }, x: event.clientX, moved: false, range: { start: tag.start, end: tag.end } };
  }
  function move(event: React.PointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || (!d.moved && Math.abs(event.clientX - d.x) < DRAG_PX)) return;
    d.moved = true;
    d.range = trimmed(d.tag, d.edge, timeAtPointer(event.clientX, d.track, length), length);
    setPreview({ id: d.tag._id, ...d.range });
  }
  function end(cancelled: boolean) {
    const d = drag.current;
    drag.current = null;
    setPreview(null);
    if (!d || cancelled) return;
    if (!d.moved) return onPlay(d.tag.start);
    if (d.range.start !== d.tag.start || d.range.end !== d.tag.end) onTrim(d.tag, d.range);
  }
  const edges = { begin, move, end };

  return (
    <div className="flex h-9 items-center border-b last:border-b-0">
      <div className="bg-card sticky left-0 z-10 flex w-28 shrink-0 items-center gap-1.5 self-stretch border-r px-2 text-xs font-medium">
        <span aria-hidden="true" className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: row.color }} />
        <span className="min-w-0 truncate" title={row.code}>
          {row.code}
        </span>
        <span className="text-muted-foreground ml-auto tabular-nums">{row.items.length}</span>
      </div>
      <div ref={track} role="list" aria-label={`${row.code} instances`} className="bg-muted/50 relative mx-1 h-6 flex-1 rounded">
        {row.items.map((t) => (
          <Bar
            key={t._id}
            tag={t}
            range={preview?.id === t._id ? preview : t}
            color={row.color}
            length={length}
            trimmable={canTrim(t)}
            onPlay={onPlay}
            edges={edges}
          />
        ))}
      </div>
    </div>
  );
}, sameRow);

type Edges = {
  begin: (tag: Tag, edge: 'start' | 'end', event: React.PointerEvent<HTMLElement>) => void;
  move: (event: React.PointerEvent<HTMLElement>) => void;
  end: (cancelled: boolean) => void;
};

function Bar({ tag, range, color, length, trimmable, onPlay, edges }: { tag: Tag; range: Range; color: string; length: number; trimmable: boolean; onPlay: (t: number) => void; edges: Edges }) {
  const { left, width } = barBox(range.start, range.end, length);
  const name = `${instanceName(tag)}, ${formatMediaTime(range.start)} to ${formatMediaTime(range.end)}, by ${tag.by}`;
  return (
    <div role="listitem" className="absolute inset-y-0 min-w-[3px]" style={{ left: `${left}%`, width: `${width}%` }}>
      <button
        type="button"
        aria-label={name}
        title={name}
        onClick={() => onPlay(tag.start)}
        className={cn('focus-visible:ring-ring absolute inset-0 rounded-sm outline-none focus-visible:ring-2', isTemporary(tag._id) && 'opacity-60')}
        style={{ backgroundColor: color }}
      />
      {trimmable
        ? (['start', 'end'] as const).map((edge) => (
            <div
              key={edge}
              aria-hidden="true"
              data-edge={edge}
              className={cn('absolute inset-y-0 w-2 cursor-ew-resize touch-none', edge === 'start' ? 'left-0' : 'right-0')}
              onPointerDown={(event) => edges.begin(tag, edge, event)}
              onPointerMove={edges.move}
              onPointerUp={() => edges.end(false)}
              onPointerCancel={() => edges.end(true)}
            />
          ))
        : null}
    </div>
  );
}
