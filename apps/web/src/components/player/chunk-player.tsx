import { ListIcon, PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon, Volume2Icon, VolumeXIcon } from 'lucide-react';
import { useMemo } from 'react';

import { chunkPlans, nextChunk, previousChunk } from '@/components/player/chunk-sequence';
import { useChunkPlayback } from '@/components/player/use-chunk-playback';
import { formatMediaTime } from '@/lib/media-time';
import { cn } from '@/lib/utils';

type ChunkPlayerProps = {
  /** The reel's chunks in order (spec section 3 "Video chunk"): `source` may carry a `#t=start,end` range. */
  chunks: readonly { id: string; source: string; description: string; poster?: string | null }[];
  /** Accessible name of the player region, e.g. the reel's title. */
  label: string;
  /** An element could not load its source (an expired signed URL): the page fetches the reel again. */
  onSourceError?: () => void;
  className?: string;
};

/**
 * Spec section 4's chunk player: plays a reel's chunks back to back without a gap (see
 * useChunkPlayback), from the first, back to the first after the last; shows the current chunk's
 * time and description, with play/pause, previous/next chunk and a list to jump to any chunk.
 * Renewed signed URLs (the page refetches the reel before `mediaExpiresAt`) are used from the next load on.
 */
export function ChunkPlayer({ chunks, label, onSourceError, className }: ChunkPlayerProps) {
  const plans = useMemo(() => chunkPlans(chunks), [chunks]);
  const player = useChunkPlayback({ plans, onSourceError });
  const { active, current, playing, muted, position } = player;
  const plan = plans[current];
  const length = plan?.end !== null && plan?.end !== undefined ? plan.end - plan.start : null;
  const count = plans.length;

  return (
    <div
      role="region"
      aria-label={`Reel player: ${label}`}
      data-state={playing ? 'playing' : 'paused'}
      data-chunk={current}
      className={cn('flex flex-col overflow-hidden rounded-xl bg-black text-white shadow-sm', className)}
    >
      <div className="relative aspect-video bg-black">
        {([0, 1] as const).map((slot) => (
          <video
            key={slot}
            ref={player.videoRefs[slot]}
            data-active={slot === active}
            aria-hidden={slot !== active}
            poster={slot === active ? (plan?.poster ?? undefined) : undefined}
            playsInline
            preload="auto"
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
      </div>

      <div className="flex flex-col gap-1 px-3 pt-2 pb-2">
        <div className="flex items-center gap-1">
          <IconButton label={playing ? 'Pause' : 'Play'} onClick={playing ? player.pause : player.play}>
            {playing ? <PauseIcon className="fill-current" /> : <PlayIcon className="fill-current" />}
          </IconButton>
          <IconButton label="Previous chunk" onClick={() => player.goTo(previousChunk(current, count))} disabled={count < 2}>
            <SkipBackIcon />
          </IconButton>
          <IconButton label="Next chunk" onClick={() => player.goTo(nextChunk(current, count))} disabled={count < 2}>
            <SkipForwardIcon />
          </IconButton>
          <IconButton label={muted ? 'Unmute' : 'Mute'} onClick={player.toggleMute}>
            {muted ? <VolumeXIcon /> : <Volume2Icon />}
          </IconButton>
          <span className="ml-1 text-xs whitespace-nowrap text-white/90 tabular-nums">
            <span data-testid="chunk-time">{formatMediaTime(position)}</span>
            {length !== null ? <span className="text-white/60"> / {formatMediaTime(length)}</span> : null}
          </span>
          <span className="ml-auto text-xs text-white/70 tabular-nums">
            {count > 0 ? `${current + 1} / ${count}` : ''}
          </span>
        </div>
        <p className="min-h-5 text-sm break-words text-white/90" aria-live="polite" data-testid="chunk-description">
          {plan?.description ?? ''}
        </p>
        {count > 1 ? (
          <details className="text-sm">
            <summary className="flex cursor-pointer items-center gap-1 text-white/80 select-none">
              <ListIcon aria-hidden="true" className="size-4" />
              Chunks
            </summary>
            <ol className="mt-1 flex flex-col gap-0.5">
              {plans.map((chunk, index) => (
                <li key={chunk.id}>
                  <button
                    type="button"
                    aria-current={index === current ? 'true' : undefined}
                    onClick={() => player.goTo(index)}
                    className={cn(
                      'w-full rounded px-2 py-1 text-left hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white/60 focus-visible:outline-none',
                      index === current && 'bg-white/15 font-medium',
                    )}
                  >
                    {index + 1}. {chunk.description || `Chunk ${index + 1}`}
                  </button>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </div>
    </div>
  );
}

function IconButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="flex size-9 items-center justify-center rounded-md text-white/90 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white/60 focus-visible:outline-none disabled:opacity-40 [&_svg]:size-5"
    >
      {children}
    </button>
  );
}
