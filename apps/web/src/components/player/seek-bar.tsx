import { useRef, useState } from 'react';

import { markerColor, timeAtPointer, timelinePercent } from '@/components/player/markers';
import { storyboardTile, type Storyboard } from '@/components/player/storyboard';
import { formatMediaTime } from '@/lib/media-time';
import { cn } from '@/lib/utils';

/** A highlight on the timeline: a tick at `at`, and a faint band over its clip (`from`..`to`). */
export type TimelineMarker = { at: number; from?: number; to?: number; label?: string };

type SeekBarProps = {
  currentTime: number;
  duration: number;
  /** Seconds buffered ahead of the play position (drawn lighter than the played part). */
  bufferedEnd?: number;
  markers?: readonly TimelineMarker[];
  /** Where one part ends and the next begins (a reel's clips), drawn as gaps in the track. */
  boundaries?: readonly number[];
  storyboard?: Storyboard | null;
  onSeek: (t: number) => void;
  /** Keyboard on the focused slider: the player decides how far a step goes. */
  onKeyDown?: React.KeyboardEventHandler<HTMLDivElement>;
};

/** Width of the scrubbing preview; phones get a smaller one so it never covers the whole picture. */
const PREVIEW_WIDTH = 160;

/**
 * The timeline: played and buffered parts, highlight markers, a storyboard preview of the frame
 * under the pointer, and click or drag to seek. A `slider` for assistive technology; the player's
 * keyboard shortcuts (arrows, frame step) work while it has focus.
 */
export function SeekBar({ currentTime, duration, bufferedEnd = 0, markers = [], boundaries = [], storyboard, onSeek, onKeyDown }: SeekBarProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ t: number; x: number; width: number } | null>(null);
  const dragging = useRef(false);

  function pointerTime(event: React.PointerEvent) {
    const rect = trackRef.current!.getBoundingClientRect();
    const t = timeAtPointer(event.clientX, rect.left, rect.width, duration);
    return { t, x: event.clientX - rect.left, width: rect.width };
  }

  function onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || !(duration > 0)) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const at = pointerTime(event);
    setHover(at);
    onSeek(at.t);
  }

  function onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
    if (!(duration > 0)) return;
    // Touch has no hover: the preview shows only while a finger drags.
    if (event.pointerType !== 'mouse' && !dragging.current) return;
    const at = pointerTime(event);
    setHover(at);
    if (dragging.current) onSeek(at.t);
  }

  function endDrag(event: React.PointerEvent<HTMLDivElement>) {
    dragging.current = false;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    if (event.pointerType !== 'mouse') setHover(null);
  }

  const played = timelinePercent(currentTime, duration);
  const buffered = timelinePercent(bufferedEnd, duration);
  const previewWidth = Math.min(PREVIEW_WIDTH, hover ? Math.max(96, hover.width / 2.5) : PREVIEW_WIDTH);
  const tile = hover && storyboard ? storyboardTile(storyboard, hover.t, previewWidth) : null;
  const boxWidth = tile ? tile.width : 56;
  const boxLeft = hover ? Math.min(Math.max(0, hover.x - boxWidth / 2), Math.max(0, hover.width - boxWidth)) : 0;

  return (
    <div
      ref={trackRef}
      role="slider"
      tabIndex={0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.max(0, Math.floor(duration))}
      aria-valuenow={Math.floor(currentTime)}
      aria-valuetext={`${formatMediaTime(currentTime)} of ${formatMediaTime(duration)}`}
      className="group/seek focus-visible:ring-ring/60 relative flex h-6 cursor-pointer touch-none items-center rounded-sm outline-none select-none focus-visible:ring-2"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onPointerLeave={(event) => {
        if (!dragging.current && event.pointerType === 'mouse') setHover(null);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="relative h-1.5 w-full overflow-visible rounded-full bg-white/20 transition-[height] group-hover/seek:h-2">
        <div className="absolute inset-y-0 left-0 rounded-full bg-white/30" style={{ width: `${buffered}%` }} />
        <div className="absolute inset-y-0 left-0 rounded-full bg-white" style={{ width: `${played}%` }} />
        {markers.map((marker, index) =>
          marker.from !== undefined && marker.to !== undefined && marker.to > marker.from ? (
            <div
              key={`band-${index}`}
              aria-hidden="true"
              className="absolute inset-y-0 opacity-60"
              style={{
                left: `${timelinePercent(marker.from, duration)}%`,
                width: `${timelinePercent(marker.to, duration) - timelinePercent(marker.from, duration)}%`,
                backgroundColor: markerColor(index),
              }}
            />
          ) : null,
        )}
        {markers.map((marker, index) => (
          <div
            key={`tick-${index}`}
            data-marker={index + 1}
            title={marker.label ?? formatMediaTime(marker.at)}
            aria-hidden="true"
            className="absolute -top-1 -bottom-1 w-1 -translate-x-1/2 rounded-full ring-1 ring-black/40"
            style={{ left: `${timelinePercent(marker.at, duration)}%`, backgroundColor: markerColor(index) }}
          />
        ))}
        {boundaries.map((at) => (
          <div
            key={`boundary-${at}`}
            data-boundary={at}
            aria-hidden="true"
            className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-black"
            style={{ left: `${timelinePercent(at, duration)}%` }}
          />
        ))}
        <div
          aria-hidden="true"
          className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white shadow ring-1 ring-black/20"
          style={{ left: `${played}%` }}
        />
      </div>

      {hover ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute bottom-full mb-2 flex flex-col items-center gap-1"
          style={{ left: boxLeft, width: boxWidth }}
        >
          {tile ? (
            <div
              data-testid="storyboard-preview"
              className="rounded-sm border border-white/70 bg-black bg-no-repeat shadow-lg"
              style={{
                width: tile.width,
                height: tile.height,
                backgroundImage: tile.backgroundImage,
                backgroundSize: tile.backgroundSize,
                backgroundPosition: tile.backgroundPosition,
              }}
            />
          ) : null}
          <span className={cn('rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums')}>
            {formatMediaTime(hover.t)}
          </span>
        </div>
      ) : null}
    </div>
  );
}
