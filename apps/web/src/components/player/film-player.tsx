import { Loader2Icon, PlayIcon } from 'lucide-react';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';

import { useFrameBox } from '@/components/player/frame-box';
import { SKIP_SECONDS } from '@/components/player/markers';
import { PlayerControls } from '@/components/player/player-controls';
import type { PlayerOverlayContext } from '@/components/player/player-overlay';
import type { TimelineMarker } from '@/components/player/seek-bar';
import type { PlayerAction } from '@/components/player/shortcuts';
import type { PlayerSources } from '@/components/player/sources';
import type { Storyboard } from '@/components/player/storyboard';
import { useFullscreen } from '@/components/player/use-fullscreen';
import { usePlayerClock } from '@/components/player/use-player-clock';
import { usePlayerShortcuts } from '@/components/player/use-player-shortcuts';
import { usePlayerSource } from '@/components/player/use-player-source';
import { cn } from '@/lib/utils';

export type FilmPlayerHandle = {
  getCurrentTime(): number;
  getDuration(): number;
  seek(t: number): void;
  play(): void;
  pause(): void;
  /** Plays from `start` and pauses at `end` (a highlight from its intro to its outro). */
  playRange(start: number, end: number): void;
};

type FilmPlayerProps = {
  sources: PlayerSources;
  /** ISO 8601: when the signed URLs in `sources` expire; renewed ones are swapped in without a stop. */
  sourcesExpireAt?: string | null;
  poster?: string | null;
  storyboard?: Storyboard | null;
  markers?: readonly TimelineMarker[];
  /** The server's duration, shown until the element knows its own (and for files without one). */
  durationHint?: number | null;
  /** Accessible name of the player region, e.g. the video title. */
  label: string;
  /** The element failed to load its source (e.g. an expired signed URL): the page may fetch new ones. */
  onSourceError?: () => void;
  /** `i` or `o` was pressed: a clip's in or out point at the playhead. Without it the keys do nothing. */
  onMark?: (point: 'in' | 'out', time: number) => void;
  /** Drawn over the picture, inside the player (also in fullscreen), given where the frame is displayed. */
  overlay?: (context: PlayerOverlayContext) => React.ReactNode;
  className?: string;
  ref?: React.Ref<FilmPlayerHandle>;
};

/**
 * A player for film study on a native <video> with MP4 renditions (no streaming library needed for
 * progressive MP4 with Range requests): timeline with highlight markers and storyboard scrubbing,
 * slow motion to double speed, frame stepping, keyboard shortcuts, rendition switch that keeps the
 * position and play state, fullscreen. Built from hooks (source, clock, fullscreen, shortcuts) and
 * the control bar, which clips and live playback reuse.
 */
export function FilmPlayer({
  sources,
  sourcesExpireAt,
  poster,
  storyboard,
  markers,
  durationHint,
  label,
  onSourceError,
  onMark,
  overlay,
  className,
  ref,
}: FilmPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // The element as state too: the overlay follows its size and events.
  const [videoElement, setVideoElement] = useState<HTMLVideoElement | null>(null);
  const attachVideo = useCallback((element: HTMLVideoElement | null) => {
    videoRef.current = element;
    setVideoElement(element);
  }, []);
  const frame = useFrameBox(videoElement);
  // Read by the shortcut handler, which is registered once.
  const markRef = useRef(onMark);
  useEffect(() => {
    markRef.current = onMark;
  });
  const containerRef = useRef<HTMLDivElement>(null);

  const source = usePlayerSource({ sources, expiresAt: sourcesExpireAt, videoRef, onSourceError });
  const clock = usePlayerClock({ videoRef, durationHint });
  const { fullscreen, toggleFullscreen } = useFullscreen(containerRef);
  const { seek, play, playRange, togglePlay, stepFrame, toggleMute, duration } = clock;
  const { fps } = source;

  const runAction = useCallback(
    (action: PlayerAction) => {
      const video = videoRef.current;
      if (!video) return;
      switch (action) {
        case 'toggle-play':
          return togglePlay();
        case 'back':
          return seek(video.currentTime - SKIP_SECONDS);
        case 'forward':
          return seek(video.currentTime + SKIP_SECONDS);
        case 'frame-back':
          return stepFrame(-1, fps);
        case 'frame-forward':
          return stepFrame(1, fps);
        case 'fullscreen':
          return toggleFullscreen();
        case 'mute':
          return toggleMute();
        case 'mark-in':
        case 'mark-out':
          return markRef.current?.(action === 'mark-in' ? 'in' : 'out', video.currentTime);
      }
    },
    [fps, seek, stepFrame, toggleFullscreen, toggleMute, togglePlay],
  );
  usePlayerShortcuts(runAction);

  useImperativeHandle(
    ref,
    () => ({
      getCurrentTime: () => videoRef.current?.currentTime ?? 0,
      getDuration: () => duration,
      seek,
      play,
      pause: () => videoRef.current?.pause(),
      playRange,
    }),
    [duration, play, playRange, seek],
  );

  function onLoadedMetadata(event: React.SyntheticEvent<HTMLVideoElement>) {
    const video = event.currentTarget;
    clock.onMetadata(video);
    source.resumeAfterLoad(video, { onTime: clock.setCurrentTime, play });
    clock.markReady();
  }

  const { state, playing, currentTime } = clock;
  const overlayContext = useMemo<PlayerOverlayContext>(
    () => ({ video: videoElement, frame, playing, play, pause: () => videoElement?.pause() }),
    [videoElement, frame, playing, play],
  );
  const showBigPlay = state !== 'playing' && state !== 'loading' && currentTime === 0;

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={`Video player: ${label}`}
      data-state={state}
      className={cn(
        'flex flex-col overflow-hidden rounded-xl bg-black text-white shadow-sm',
        fullscreen && 'h-full rounded-none',
        className,
      )}
    >
      <div className={cn('relative bg-black', fullscreen ? 'min-h-0 flex-1' : 'aspect-video')}>
        <video
          ref={attachVideo}
          src={source.src}
          poster={poster ?? undefined}
          muted
          playsInline
          preload="metadata"
          className="absolute inset-0 size-full object-contain"
          onClick={togglePlay}
          onLoadedMetadata={onLoadedMetadata}
          {...clock.videoEvents}
          onError={source.onError}
        />
        {clock.buffering && playing ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <Loader2Icon aria-hidden="true" className="size-10 animate-spin text-white/80" />
          </div>
        ) : null}
        {showBigPlay && !source.sourceFailed ? (
          <button
            type="button"
            onClick={play}
            aria-label="Play video"
            className="absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/30 backdrop-blur-sm transition hover:bg-black/75 focus-visible:ring-4 focus-visible:outline-none"
          >
            <PlayIcon aria-hidden="true" className="ml-1 size-7 fill-current" />
          </button>
        ) : null}
        {source.sourceFailed ? (
          <p className="absolute inset-x-0 bottom-4 text-center text-sm text-white/80">This video could not be played.</p>
        ) : null}
        {overlay ? <div className="pointer-events-none absolute inset-0">{overlay(overlayContext)}</div> : null}
      </div>

      <PlayerControls
        clock={clock}
        fps={fps}
        sources={sources}
        quality={source.quality}
        qualities={source.qualities}
        onQualityChange={source.chooseQuality}
        fullscreen={fullscreen}
        onToggleFullscreen={toggleFullscreen}
        markers={markers}
        storyboard={storyboard}
      />
    </div>
  );
}
