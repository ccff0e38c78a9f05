import { MaximizeIcon, MinimizeIcon, PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon, Volume2Icon, VolumeXIcon } from 'lucide-react';
import { memo, useCallback, useId, useMemo, useRef, useState } from 'react';

import { chunkAt, chunkLength, chunkPlans, nextChunk, previousChunk, reelTimeline, type ChunkPlan } from '@/components/player/chunk-sequence';
import { ControlButton } from '@/components/player/control-button';
import { useFrameBox } from '@/components/player/frame-box';
import { PlayerTime, SpeedSelect } from '@/components/player/player-controls';
import type { PlayerOverlayContext } from '@/components/player/player-overlay';
import { SeekBar } from '@/components/player/seek-bar';
import { useChunkPlayback } from '@/components/player/use-chunk-playback';
import { useFullscreen } from '@/components/player/use-fullscreen';
import { formatMediaTime } from '@/lib/media-time';
import { cn } from '@/lib/utils';

type PlayerChunk = { id: string; source: string; description: string; poster?: string | null; in?: number; out?: number };

/** The overlay's context in a reel: also the chunk on screen and its range in the element's file (seconds; end null: the file's end). */
export type ChunkOverlayContext<C> = PlayerOverlayContext & { chunk: C; range: { start: number; end: number | null } };
/** What a page draws over the chunk on screen. */
export type ChunkOverlay<C> = (context: ChunkOverlayContext<C>) => React.ReactNode;

type ChunkPlayerProps<C extends PlayerChunk> = {
  /**
   * The reel's chunks in order: `source` may carry a `#t=start,end`
   * range; `in`/`out` (seconds of the clip) give a whole-file chunk's length before its file loads.
   */
  chunks: readonly C[];
  /** Accessible name of the player region, e.g. the reel's title. */
  label: string;
  /** An element could not load its source (an expired signed URL): the page fetches the reel again. */
  onSourceError?: () => void;
  /** 'metadata' where several players share a page (the editors' previews): each loads only what it shows. */
  preload?: 'auto' | 'metadata';
  /** Drawn over the picture of the chunk on screen, inside the player (also in fullscreen). */
  overlay?: ChunkOverlay<C>;
  className?: string;
};

/**
 * The reel player (docs/product.md#reels): plays a reel's chunks back to back without a gap (see
 * useChunkPlayback), from the first, back to the first after the last, with the film player's
 * controls over the whole reel: a seek bar with the chunks' boundaries, time, speed, fullscreen;
 * previous/next chunk and the list of the reel's clips when it has several. The current chunk's
 * description shows under the picture. Renewed signed URLs (the page refetches the reel before
 * `mediaExpiresAt`) are used from the next load on.
 */
export function ChunkPlayer<C extends PlayerChunk>({ chunks, label, onSourceError, preload = 'auto', overlay, className }: ChunkPlayerProps<C>) {
  const plans = useMemo(() => chunkPlans(chunks), [chunks]);
  const player = useChunkPlayback({ plans, onSourceError });
  const { active, current, playing, muted, position, fileDurations } = player;
  // The elements as state too, for the overlay (the playback's own ref callbacks stay as they are).
  const [elements, setElements] = useState<readonly [HTMLVideoElement | null, HTMLVideoElement | null]>([null, null]);
  const [attachFirst, attachSecond] = player.videoRefs;
  const attach = [
    useCallback((element: HTMLVideoElement | null) => {
      attachFirst(element);
      setElements((e) => [element, e[1]]);
    }, [attachFirst]),
    useCallback((element: HTMLVideoElement | null) => {
      attachSecond(element);
      setElements((e) => [e[0], element]);
    }, [attachSecond]),
  ] as const;
  const shown = elements[active];
  const frame = useFrameBox(shown);
  const containerRef = useRef<HTMLDivElement>(null);
  const { fullscreen, toggleFullscreen } = useFullscreen(containerRef);
  const plan = plans[current];
  const count = plans.length;

  const lengths = useMemo(
    () =>
      plans.map((p, i) => {
        const chunk = chunks[i];
        const hint = chunk?.in !== undefined && chunk.out !== undefined ? chunk.out - chunk.in : undefined;
        return chunkLength(p, fileDurations[p.id], hint);
      }),
    [plans, chunks, fileDurations],
  );
  const { starts, total } = useMemo(() => reelTimeline(lengths), [lengths]);
  const reelTime = (starts[current] ?? 0) + Math.min(position, lengths[current] ?? 0);
  const seek = (t: number) => {
    const { index, offset } = chunkAt(starts, lengths, t);
    player.seekTo(index, offset);
  };

  return (
    <div
      role="region"
      aria-label={`Reel player: ${label}`}
      data-state={playing ? 'playing' : 'paused'}
      data-chunk={current}
      className={cn('flex flex-col gap-3', className)}
    >
      <div
        ref={containerRef}
        className={cn('flex flex-col overflow-hidden rounded-xl bg-black text-white shadow-sm', fullscreen && 'h-full rounded-none')}
      >
        <div className={cn('relative bg-black', fullscreen ? 'min-h-0 flex-1' : 'aspect-video')}>
          {([0, 1] as const).map((slot) => (
            <video
              key={slot}
              ref={attach[slot]}
              data-active={slot === active}
              aria-hidden={slot !== active}
              poster={slot === active ? (plan?.poster ?? undefined) : undefined}
              playsInline
              preload={preload}
              className={cn('absolute inset-0 size-full object-contain', slot !== active && 'pointer-events-none opacity-0')}
              onClick={playing ? player.pause : player.play}
              {...player.eventsFor(slot)}
            />
          ))}
          {!playing ? (
            <button
              type="button"
              onClick={player.play}
              aria-label="Play reel"
              className="absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/30 backdrop-blur-sm transition hover:bg-black/75 focus-visible:ring-4 focus-visible:outline-none"
            >
              <PlayIcon aria-hidden="true" className="ml-1 size-7 fill-current" />
            </button>
          ) : null}
          {overlay && plan && chunks[current] ? (
            <div className="pointer-events-none absolute inset-0">
              {overlay({
                video: shown,
                frame,
                playing,
                play: player.play,
                pause: player.pause,
                chunk: chunks[current],
                range: { start: plan.start, end: plan.end },
              })}
            </div>
          ) : null}
        </div>

        <div className="flex flex-col gap-1 px-3 pt-1 pb-2">
          <SeekBar currentTime={reelTime} duration={total} boundaries={starts.slice(1)} onSeek={seek} />
          <div className="flex items-center gap-0.5 sm:gap-1">
            <ControlButton label={playing ? 'Pause' : 'Play'} onClick={playing ? player.pause : player.play}>
              {playing ? <PauseIcon className="fill-current" /> : <PlayIcon className="fill-current" />}
            </ControlButton>
            {count > 1 ? (
              <>
                <ControlButton label="Previous clip" onClick={() => player.goTo(previousChunk(current, count))}>
                  <SkipBackIcon />
                </ControlButton>
                <ControlButton label="Next clip" onClick={() => player.goTo(nextChunk(current, count))}>
                  <SkipForwardIcon />
                </ControlButton>
              </>
            ) : null}
            <ControlButton label={muted ? 'Unmute' : 'Mute'} onClick={player.toggleMute}>
              {muted ? <VolumeXIcon /> : <Volume2Icon />}
            </ControlButton>
            <PlayerTime currentTime={reelTime} duration={total} />
            <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
              {count > 1 ? (
                <span className="px-1 text-xs whitespace-nowrap text-white/70 tabular-nums">
                  {current + 1} / {count}
                </span>
              ) : null}
              <SpeedSelect rate={player.rate} onChange={player.changeRate} />
              <ControlButton label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} onClick={toggleFullscreen}>
                {fullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
              </ControlButton>
            </div>
          </div>
        </div>
      </div>

      <p className="text-sm break-words empty:hidden" aria-live="polite" data-testid="chunk-description">
        {plan?.description ?? ''}
      </p>
      {count > 1 ? <ChunkList plans={plans} lengths={lengths} current={current} goTo={player.goTo} /> : null}
    </div>
  );
}

/**
 * The reel's clips, a button each: drawn again only when the chunk on screen changes, not with the
 * position every frame (a "Play all" of hundreds of instances would otherwise hold up the switches).
 */
const ChunkList = memo(function ChunkList({ plans, lengths, current, goTo }: { plans: readonly ChunkPlan[]; lengths: readonly number[]; current: number; goTo: (index: number) => void }) {
  const listId = useId();
  return (
    <section aria-labelledby={listId} className="flex flex-col gap-1">
      <h2 id={listId} className="text-muted-foreground text-sm font-medium">
        Clips in this reel
      </h2>
      <ol className="flex flex-col gap-0.5 text-sm">
        {plans.map((chunk, index) => (
          <li key={chunk.id}>
            <button
              type="button"
              aria-current={index === current ? 'true' : undefined}
              onClick={() => goTo(index)}
              className={cn(
                'hover:bg-accent focus-visible:ring-ring/50 flex w-full gap-2 rounded-md px-2 py-1.5 text-left outline-none focus-visible:ring-[3px]',
                index === current && 'bg-accent font-medium',
              )}
            >
              <span className="min-w-0 flex-1 break-words">
                {index + 1}. {chunk.description || `Clip ${index + 1}`}
              </span>
              <span aria-hidden="true" className="text-muted-foreground text-xs tabular-nums">
                {formatMediaTime(lengths[index])}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
});
