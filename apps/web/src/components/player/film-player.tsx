import {
  Loader2Icon,
  MaximizeIcon,
  MinimizeIcon,
  PauseIcon,
  PlayIcon,
  StepBackIcon,
  StepForwardIcon,
  Volume2Icon,
  VolumeXIcon,
} from 'lucide-react';
import { useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';

import { clampTime, frameDuration, PLAYBACK_RATES, SKIP_SECONDS } from '@/components/player/markers';
import { SeekBar, type TimelineMarker } from '@/components/player/seek-bar';
import { shortcutFor, type PlayerAction } from '@/components/player/shortcuts';
import {
  availableQualities,
  defaultQuality,
  qualityLabel,
  sameMedia,
  type PlayerSources,
  type Quality,
} from '@/components/player/sources';
import type { Storyboard } from '@/components/player/storyboard';
import { formatMediaTime } from '@/lib/media-time';
import { cn } from '@/lib/utils';

/** Spec section 9: the player starts muted, at volume 0.1 (for when the viewer unmutes). */
export const INITIAL_VOLUME = 0.1;

/** Spec section 4, media player states. */
export type PlayerState = 'loading' | 'ready' | 'playing' | 'paused' | 'ended';

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
  poster?: string | null;
  storyboard?: Storyboard | null;
  markers?: readonly TimelineMarker[];
  /** The server's duration, shown until the element knows its own (and for files without one). */
  durationHint?: number | null;
  /** Accessible name of the player region, e.g. the video title. */
  label: string;
  /** The element failed to load its source (e.g. an expired signed URL): the page may fetch new ones. */
  onSourceError?: () => void;
  className?: string;
  ref?: React.Ref<FilmPlayerHandle>;
};

/** Minimum time between two "fetch new URLs" requests after errors, so a broken file cannot loop. */
const SOURCE_RETRY_MS = 10_000;

/**
 * A player for film study on a native <video> with MP4 renditions (no streaming library needed for
 * progressive MP4 with Range requests): timeline with highlight markers and storyboard scrubbing,
 * slow motion to double speed, frame stepping, keyboard shortcuts, rendition switch that keeps the
 * position and play state, fullscreen.
 */
export function FilmPlayer({
  sources,
  poster,
  storyboard,
  markers,
  durationHint,
  label,
  onSourceError,
  className,
  ref,
}: FilmPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);

  const [chosenQuality, setChosenQuality] = useState<Quality | null>(null);
  const qualities = availableQualities(sources);
  // A choice the viewer made wins while that rendition exists; otherwise the best one (so a video
  // watched during processing moves from preview to full by itself once full is ready).
  const quality = chosenQuality && sources[chosenQuality] ? chosenQuality : defaultQuality(sources);
  const wantedUrl = quality ? sources[quality]?.url : undefined;
  // Renditions may differ in rate (a 60 fps game has a 30 fps low): step by the frame of what plays.
  const fps = quality ? sources[quality]?.fps : undefined;

  const [src, setSrc] = useState<string | undefined>(wantedUrl);
  const [sourceFailed, setSourceFailed] = useState(false);
  const lastRetry = useRef(0);
  // Position and play state to restore once the new source has loaded (quality switch, new URL).
  const restore = useRef<{ time: number; playing: boolean } | null>(null);

  const [state, setState] = useState<PlayerState>('loading');
  const [currentTime, setCurrentTime] = useState(0);
  const [elementDuration, setElementDuration] = useState(Number.NaN);
  const [bufferedEnd, setBufferedEnd] = useState(0);
  const [buffering, setBuffering] = useState(false);
  const [rate, setRate] = useState(1);
  const [muted, setMuted] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const rangeEnd = useRef<number | null>(null);

  const duration = Number.isFinite(elementDuration) && elementDuration > 0 ? elementDuration : (durationHint ?? 0);
  const playing = state === 'playing';

  // Follow the wanted URL, but not a mere re-signing of the same file (see `sameMedia`), unless the
  // current URL failed (expired): then the fresh signature is exactly what is needed.
  useEffect(() => {
    if (!wantedUrl) return;
    if (src !== undefined && sameMedia(src, wantedUrl) && !sourceFailed) return;
    if (src === wantedUrl) return;
    const video = videoRef.current;
    if (video && src !== undefined) restore.current = { time: video.currentTime, playing: !video.paused || restore.current?.playing === true };
    setSourceFailed(false);
    setSrc(wantedUrl);
  }, [wantedUrl, src, sourceFailed]);

  // Spec section 9: muted, volume 0.1. Set on the element: React does not reflect `muted` reliably.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = INITIAL_VOLUME;
    video.muted = true;
  }, []);

  const seek = useCallback(
    (t: number) => {
      const video = videoRef.current;
      if (!video) return;
      rangeEnd.current = null;
      const target = clampTime(t, duration);
      video.currentTime = target;
      setCurrentTime(target);
    },
    [duration],
  );

  const play = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    // play() rejects when interrupted (a seek or new source); that is not an error to report.
    void video.play()?.catch(() => undefined);
  }, []);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) play();
    else video.pause();
  }, [play]);

  const stepFrame = useCallback(
    (direction: 1 | -1) => {
      const video = videoRef.current;
      if (!video) return;
      video.pause();
      seek(video.currentTime + direction * frameDuration(fps));
    },
    [fps, seek],
  );

  const toggleFullscreen = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void container.requestFullscreen?.().catch(() => undefined);
  }, []);

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    // Unmuting at volume 0 would look broken; restore the spec's start volume.
    if (!video.muted && video.volume === 0) video.volume = INITIAL_VOLUME;
  }, []);

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
          return stepFrame(-1);
        case 'frame-forward':
          return stepFrame(1);
        case 'fullscreen':
          return toggleFullscreen();
        case 'mute':
          return toggleMute();
      }
    },
    [seek, stepFrame, toggleFullscreen, toggleMute, togglePlay],
  );

  useImperativeHandle(
    ref,
    () => ({
      getCurrentTime: () => videoRef.current?.currentTime ?? 0,
      getDuration: () => duration,
      seek,
      play,
      pause: () => videoRef.current?.pause(),
      playRange(start, end) {
        seek(start);
        rangeEnd.current = end > start ? end : null;
        play();
      },
    }),
    [duration, play, seek],
  );

  // The shortcuts work anywhere on the page (the player is the page's subject), except where the
  // key belongs to what has focus (see `shortcutFor`).
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      runAction(action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [runAction]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // timeupdate fires about 4 times a second; while playing, follow every frame so the timeline
  // moves smoothly and a highlight stops on its outro, not up to 250 ms later.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      const video = videoRef.current;
      if (video) {
        setCurrentTime(video.currentTime);
        stopAtRangeEnd(video);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  function stopAtRangeEnd(video: HTMLVideoElement) {
    if (rangeEnd.current !== null && video.currentTime >= rangeEnd.current) {
      rangeEnd.current = null;
      video.pause();
    }
  }

  function updateBuffered(video: HTMLVideoElement) {
    const ranges = video.buffered;
    for (let i = 0; i < ranges.length; i++) {
      if (ranges.start(i) <= video.currentTime + 0.5 && video.currentTime <= ranges.end(i)) {
        setBufferedEnd(ranges.end(i));
        return;
      }
    }
    setBufferedEnd(0);
  }

  function onLoadedMetadata(event: React.SyntheticEvent<HTMLVideoElement>) {
    const video = event.currentTarget;
    setElementDuration(video.duration);
    // A new source resets the speed to the default; keep the viewer's.
    video.playbackRate = rate;
    const pending = restore.current;
    restore.current = null;
    if (pending) {
      video.currentTime = clampTime(pending.time, video.duration);
      setCurrentTime(video.currentTime);
      if (pending.playing) play();
    }
    setState((previous) => (previous === 'loading' ? 'ready' : previous));
  }

  function onError(event: React.SyntheticEvent<HTMLVideoElement>) {
    const video = event.currentTarget;
    if (!video.error) return;
    restore.current = { time: video.currentTime, playing: false };
    const now = Date.now();
    if (onSourceError && now - lastRetry.current > SOURCE_RETRY_MS) {
      lastRetry.current = now;
      setSourceFailed(true);
      onSourceError();
    } else {
      setSourceFailed(true);
    }
  }

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
          ref={videoRef}
          src={src}
          poster={poster ?? undefined}
          muted
          playsInline
          preload="metadata"
          className="absolute inset-0 size-full object-contain"
          onClick={togglePlay}
          onLoadedMetadata={onLoadedMetadata}
          onDurationChange={(event) => setElementDuration(event.currentTarget.duration)}
          onTimeUpdate={(event) => {
            const video = event.currentTarget;
            setCurrentTime(video.currentTime);
            stopAtRangeEnd(video);
            updateBuffered(video);
          }}
          onProgress={(event) => updateBuffered(event.currentTarget)}
          onPlay={() => setState('playing')}
          onPlaying={() => {
            setBuffering(false);
            setState('playing');
          }}
          onPause={(event) => setState(event.currentTarget.ended ? 'ended' : 'paused')}
          onEnded={() => setState('ended')}
          onWaiting={() => setBuffering(true)}
          onCanPlay={() => setBuffering(false)}
          onSeeked={(event) => updateBuffered(event.currentTarget)}
          onRateChange={(event) => setRate(event.currentTarget.playbackRate)}
          onVolumeChange={(event) => setMuted(event.currentTarget.muted || event.currentTarget.volume === 0)}
          onError={onError}
        />
        {buffering && playing ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <Loader2Icon aria-hidden="true" className="size-10 animate-spin text-white/80" />
          </div>
        ) : null}
        {showBigPlay && !sourceFailed ? (
          <button
            type="button"
            onClick={play}
            aria-label="Play video"
            className="absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/30 backdrop-blur-sm transition hover:bg-black/75 focus-visible:ring-4 focus-visible:outline-none"
          >
            <PlayIcon aria-hidden="true" className="ml-1 size-7 fill-current" />
          </button>
        ) : null}
        {sourceFailed ? (
          <p className="absolute inset-x-0 bottom-4 text-center text-sm text-white/80">This video could not be played.</p>
        ) : null}
      </div>

      <div className="flex flex-col gap-1 px-3 pt-1 pb-2">
        <SeekBar
          currentTime={currentTime}
          duration={duration}
          bufferedEnd={bufferedEnd}
          markers={markers}
          storyboard={storyboard}
          onSeek={seek}
        />
        <div className="flex items-center gap-0.5 sm:gap-1">
          <ControlButton label={playing ? 'Pause' : 'Play'} shortcut="Space" onClick={togglePlay}>
            {playing ? <PauseIcon className="fill-current" /> : <PlayIcon className="fill-current" />}
          </ControlButton>
          <ControlButton label="Previous frame" shortcut="," onClick={() => stepFrame(-1)}>
            <StepBackIcon />
          </ControlButton>
          <ControlButton label="Next frame" shortcut="." onClick={() => stepFrame(1)}>
            <StepForwardIcon />
          </ControlButton>
          <ControlButton label={muted ? 'Unmute' : 'Mute'} shortcut="M" onClick={toggleMute}>
            {muted ? <VolumeXIcon /> : <Volume2Icon />}
          </ControlButton>
          <span className="ml-1 text-xs whitespace-nowrap text-white/90 tabular-nums" aria-live="off">
            <span data-testid="player-time">{formatMediaTime(currentTime)}</span>
            <span className="text-white/60"> / {formatMediaTime(duration)}</span>
          </span>
          <span className="sr-only" aria-live="polite">
            {state === 'ended' ? 'Ended' : ''}
          </span>
          <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
            <select
              aria-label="Playback speed"
              title="Playback speed"
              value={rate}
              onChange={(event) => {
                const next = Number(event.target.value);
                const video = videoRef.current;
                if (video) {
                  video.playbackRate = next;
                  video.defaultPlaybackRate = next;
                }
                setRate(next);
              }}
              className={selectClass}
            >
              {PLAYBACK_RATES.map((value) => (
                <option key={value} value={value} className="bg-neutral-900 text-white">
                  {value}x
                </option>
              ))}
            </select>
            {qualities.length > 1 && quality ? (
              <select
                aria-label="Quality"
                title="Quality"
                value={quality}
                onChange={(event) => setChosenQuality(event.target.value as Quality)}
                className={selectClass}
              >
                {qualities.map((value) => (
                  <option key={value} value={value} className="bg-neutral-900 text-white">
                    {qualityLabel(value, sources[value])}
                  </option>
                ))}
              </select>
            ) : null}
            <ControlButton label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} shortcut="F" onClick={toggleFullscreen}>
              {fullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
            </ControlButton>
          </div>
        </div>
      </div>
    </div>
  );
}

// Native selects (speed, quality): the platform's own picker, best on phones; drawn as text buttons.
const selectClass =
  'h-8 cursor-pointer appearance-none rounded-md bg-transparent px-2 text-center text-xs font-semibold text-white tabular-nums outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white/60';

function ControlButton({
  label,
  shortcut,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      onClick={onClick}
      className="flex size-8 shrink-0 items-center justify-center rounded-md text-white outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white/60 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}
