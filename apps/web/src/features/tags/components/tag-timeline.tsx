import type { Tag } from '@app/contracts/film';
import { ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { instanceName } from '@/features/tags/utils/instance-clips';
import { isTemporary } from '@/features/tags/utils/press';
import { barBox, playheadPercent, sameItems, timeAtPointer, trimmed, type TimelineRow } from '@/features/tags/utils/timeline-layout';
import { formatMediaTime } from '@/lib/media-time';

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
 * The instances on the video's timeline, a row per code: a bar per instance (click or Enter: play from its
 * start; drag an edge of one's own: trim it), the playhead across every row. Thousands of instances stay
 * cheap: a row is one SVG of rects placed in percent (no HTML boxes to lay out), rows are memoized and a
 * filter only hides rows or drops bars, the one set of trim handles follows the bar under the pointer or
 * the focus, and the playhead is its own layer moved by a transform each frame (no layout, no render).
 */
export function TagTimeline({ rows, length, now, onPlay, canTrim, onTrim }: TimelineProps) {
  const [zoom, setZoom] = useState(1);
  // The bar under the pointer, else the focused one: the one bar of the timeline with trim handles.
  const [hovered, setHovered] = useState<ActiveBar | null>(null);
  const [focused, setFocused] = useState<ActiveBar | null>(null);
  const active = hovered ?? focused;
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
            <Row
              key={row.code}
              row={row}
              length={length}
              activeId={active?.code === row.code ? active.id : null}
              onHover={setHovered}
              onFocusBar={setFocused}
              onPlay={onPlay}
              canTrim={canTrim}
              onTrim={onTrim}
            />
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

/**
 * The line at the play position: on a compositor layer of its own (will-change), moved by a transform
 * from a frame loop, so a frame costs neither a React render nor a layout of the rows.
 */
function Playhead({ now, length }: { now: () => number; length: number }) {
  const span = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = span.current;
    if (typeof requestAnimationFrame !== 'function' || !box) return;
    // The rows' width, read once and on resize (zoom, window), never in the loop.
    let width = box.getBoundingClientRect().width;
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(([entry]) => (width = entry?.contentRect.width ?? width)) : null;
    observer?.observe(box);
    let x = Number.NaN;
    let frame = 0;
    const tick = () => {
      // Half pixels: an unchanged position writes nothing.
      const next = Math.round((playheadPercent(now(), length) / 100) * width * 2) / 2;
      if (next !== x && line.current) {
        x = next;
        line.current.style.transform = `translate3d(${next}px, 0px, 0px)`;
      }
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [now, length]);
  return (
    <div ref={span} aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-1 left-[7.25rem]">
      <div ref={line} data-testid="playhead" className="absolute inset-y-0 left-0 -ml-px w-0.5 bg-red-500 will-change-transform" />
    </div>
  );
}

type ActiveBar = { code: string; id: string };
type RowProps = {
  row: TimelineRow;
  length: number;
  /** The timeline's active bar when it is on this row. */
  activeId: string | null;
  onHover: (bar: ActiveBar | null) => void;
  onFocusBar: (bar: ActiveBar | null) => void;
  onPlay: (t: number) => void;
  canTrim: (t: Tag) => boolean;
  onTrim: (t: Tag, range: Range) => void;
};

/** Rows redraw only when their own instances change (a filter or a trim builds new rows of the same instances); a hidden row not at all. */
function sameRow(a: RowProps, b: RowProps): boolean {
  if (!a.row.shown && !b.row.shown) return true;
  if (a.row.shown !== b.row.shown || a.length !== b.length || a.activeId !== b.activeId || a.onPlay !== b.onPlay || a.canTrim !== b.canTrim || a.onTrim !== b.onTrim) return false;
  return a.row.code === b.row.code && a.row.color === b.row.color && sameItems(a.row.items, b.row.items);
}

type Drag = { tag: Tag; edge: 'start' | 'end'; track: { left: number; width: number }; x: number; moved: boolean; range: Range };

/** The bar (rect) an event happened on, by its instance id. */
function barId(target: EventTarget | null): string | null {
  return target instanceof Element ? (target.closest('[data-id]')?.getAttribute('data-id') ?? null) : null;
}

const Row = memo(function Row({ row, length, activeId: shared, onHover, onFocusBar, onPlay, canTrim, onTrim }: RowProps) {
  const track = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const [preview, setPreview] = useState<(Range & { id: string }) | null>(null);
  const [dragging, setDragging] = useState<Tag | null>(null);
  const byId = useMemo(() => new Map(row.items.map((t) => [t._id, t])), [row.items]);
  // Hover, focus and drags render the row again: the bars are the same elements then, so React skips them.
  const bars = useMemo(() => row.items.map((t, i) => <Bar key={t._id} tag={t} color={row.color} length={length} tabStop={i === 0} />), [row.items, row.color, length]);

  const activeId = dragging?._id ?? shared;
  const active = activeId === null ? undefined : byId.get(activeId);
  const handles = active && canTrim(active) ? active : null;

  function begin(tag: Tag, edge: 'start' | 'end', event: React.PointerEvent<HTMLElement>) {
    const box = track.current?.getBoundingClientRect();
    if (!box) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { tag, edge, track: { left: box.left, width: box.width }, x: event.clientX, moved: false, range: { start: tag.start, end: tag.end } };
    setDragging(tag);
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
    setDragging(null);
    if (!d || cancelled) return;
    if (!d.moved) return onPlay(d.tag.start);
    if (d.range.start !== d.tag.start || d.range.end !== d.tag.end) onTrim(d.tag, d.range);
  }

  function play(event: React.MouseEvent) {
    const tag = byId.get(barId(event.target) ?? '');
    if (tag) onPlay(tag.start);
  }
  function keys(event: React.KeyboardEvent) {
    const bar = event.target instanceof Element ? event.target.closest('[data-id]') : null;
    const tag = byId.get(bar?.getAttribute('data-id') ?? '');
    if (!bar || !tag) return;
    const items = bar.parentElement?.parentElement;
    const sibling =
      event.key === 'ArrowRight' ? bar.parentElement?.nextElementSibling
      : event.key === 'ArrowLeft' ? bar.parentElement?.previousElementSibling
      : event.key === 'Home' ? items?.firstElementChild
      : event.key === 'End' ? items?.lastElementChild
      : undefined;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPlay(tag.start);
    } else if (sibling !== undefined) {
      event.preventDefault();
      (sibling?.firstElementChild as SVGElement | null | undefined)?.focus();
    }
  }

  return (
    <div hidden={!row.shown} className="flex h-9 items-center border-b last:border-b-0">
      <div className="bg-card sticky left-0 z-10 flex w-28 shrink-0 items-center gap-1.5 self-stretch border-r px-2 text-xs font-medium">
        <span aria-hidden="true" className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: row.color }} />
        <span className="min-w-0 truncate" title={row.code}>
          {row.code}
        </span>
        <span className="text-muted-foreground ml-auto tabular-nums">{row.items.length}</span>
      </div>
      <div
        className="bg-muted/50 relative mx-1 h-6 flex-1 rounded"
        onPointerOver={(event) => {
          const id = barId(event.target);
          if (id !== null) onHover({ code: row.code, id });
        }}
        onPointerLeave={() => onHover(null)}
      >
        <svg
          ref={track}
          role="list"
          aria-label={`${row.code} instances`}
          className="absolute inset-0 size-full overflow-visible"
          onClick={play}
          onKeyDown={keys}
          onFocus={(event) => {
            const id = barId(event.target);
            onFocusBar(id === null ? null : { code: row.code, id });
          }}
          onBlur={() => onFocusBar(null)}
        >
          {bars}
        </svg>
        {handles ? <TrimHandles tag={handles} range={preview?.id === handles._id ? preview : handles} color={row.color} length={length} edges={{ begin, move, end }} /> : null}
      </div>
    </div>
  );
}, sameRow);

type BarProps = { tag: Tag; color: string; length: number; tabStop: boolean };

/**
 * One instance: a rect in percent of the row (a 2 px stroke of its colour keeps a short one visible and
 * clickable at any zoom), a button in a listitem for assistive technology. The row is one tab stop (its
 * first bar); the arrow keys, Home and End move between its bars.
 */
const Bar = memo(function Bar({ tag, color, length, tabStop }: BarProps) {
  const { left, width } = barBox(tag.start, tag.end, length);
  const pending = isTemporary(tag._id);
  return (
    <g role="listitem">
      <rect
        role="button"
        tabIndex={tabStop ? 0 : -1}
        aria-label={`${instanceName(tag)}, ${formatMediaTime(tag.start)} to ${formatMediaTime(tag.end)}, by ${tag.by}`}
        data-id={tag._id}
        data-pending={pending ? 'true' : undefined}
        x={`${left}%`}
        width={`${width}%`}
        y="0"
        height="100%"
        rx="2"
        fill={color}
        stroke={color}
        strokeWidth={2}
        opacity={pending ? 0.6 : undefined}
        className="focus-visible:stroke-foreground cursor-pointer outline-none focus-visible:[stroke-width:3px]"
      />
    </g>
  );
});

type Edges = {
  begin: (tag: Tag, edge: 'start' | 'end', event: React.PointerEvent<HTMLElement>) => void;
  move: (event: React.PointerEvent<HTMLElement>) => void;
  end: (cancelled: boolean) => void;
};

/** The edges of the bar under the pointer or the focus, when it is one I may trim; while dragged, its new range. */
function TrimHandles({ tag, range, color, length, edges }: { tag: Tag; range: Range; color: string; length: number; edges: Edges }) {
  const { left, width } = barBox(range.start, range.end, length);
  const trimming = range !== tag;
  return (
    <div
      aria-hidden="true"
      data-testid="trim"
      className="ring-foreground/70 pointer-events-none absolute inset-y-0 rounded-sm ring-2"
      style={{ left: `${left}%`, width: `${width}%`, backgroundColor: trimming ? color : undefined }}
    >
      {(['start', 'end'] as const).map((edge) => (
        <div
          key={edge}
          data-edge={edge}
          className={`pointer-events-auto absolute inset-y-0 w-2 cursor-ew-resize touch-none ${edge === 'start' ? '-left-1' : '-right-1'}`}
          onPointerDown={(event) => edges.begin(tag, edge, event)}
          onPointerMove={edges.move}
          onPointerUp={() => edges.end(false)}
          onPointerCancel={() => edges.end(true)}
        />
      ))}
    </div>
  );
}
