import { MaximizeIcon, MinimizeIcon, PauseIcon, PlayIcon, RadioIcon, Volume2Icon, VolumeXIcon } from 'lucide-react';
import { useCallback, useImperativeHandle, useRef } from 'react';

import { ControlButton } from '@/components/player/control-button';
import { LIVE_SYNC_SECONDS } from '@/components/player/live-hls-config';
import { BEHIND_LIVE_SECONDS, mediaTimeAt, wallClockAt } from '@/components/player/live-timing';
import { SeekBar, type TimelineMarker } from '@/components/player/seek-bar';
import { useFullscreen } from '@/components/player/use-fullscreen';
import { useHlsPlayer } from '@/components/player/use-hls-player';
import { usePlayerClock } from '@/components/player/use-player-clock';
import { formatMediaTime } from '@/lib/media-time';
import { cn } from '@/lib/utils';

export type LivePlayerHandle = {
  /** Wall clock (ms) of the frame on screen, from the playlist's PROGRAM-DATE-TIME; null before it is known. */
  getWallClock(): number | null;
  /** Seeks to the moment of wall clock `ms` (a highlight), playing. */
  seekToWallClock(ms: number): void;
  /** A live game played at its newest seconds (not rewound): what happens now is what is on screen. */
  atLiveEdge(): boolean;
};

/** A moment on the timeline, by wall clock (cheers and clips know their time of day, not a media time). */
export type WallClockMarker = { atMs: number; label: string };

type LivePlayerProps = {
  /** The HLS playlist URL with its playback token; a renewed token of the same playlist does not reload. */
  source: string;
  label: string;
  markers?: readonly WallClockMarker[];
  className?: string;
  ref?: React.Ref<LivePlayerHandle>;
};

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/**
 * The live and archive player: hls.js tuned for low latency, the whole game seekable (DVR) with a
 * 'Go live' button when behind, highlight markers, and the time of day at the play position.
 * Starts muted at volume 0.1; a live game starts playing by itself.
 */
export function LivePlayer({ source, label, markers = [], className, ref }: LivePlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const hls = useHlsPlayer({ videoRef, source });
  const { timeline, setDvr, liveEdge } = hls;
  const clock = usePlayerClock({ videoRef, durationHint: timeline.end || null });
  const { fullscreen, toggleFullscreen } = useFullscreen(containerRef);
  const { currentTime, playing, muted } = clock;

  const duration = Math.max(timeline.end, clock.duration);
  const behind = timeline.live && duration - LIVE_SYNC_SECONDS - currentTime > BEHIND_LIVE_SECONDS;
  const wallClock = wallClockAt(timeline.fragments, currentTime);

  const seekTo = useCallback(
    (t: number) => {
      // Watching the past: hls.js must not pull the viewer back to the edge.
      setDvr(t < duration - LIVE_SYNC_SECONDS - BEHIND_LIVE_SECONDS);
      clock.seek(t);
    },
    [clock, duration, setDvr],
  );

  function goLive() {
    setDvr(false);
    clock.seek(liveEdge());
    clock.play();
  }

  useImperativeHandle(
    ref,
    () => ({
      getWallClock: () => wallClockAt(timeline.fragments, videoRef.current?.currentTime ?? 0),
      seekToWallClock: (ms) => {
        const t = mediaTimeAt(timeline.fragments, ms);
        if (t === null) return;
        seekTo(t);
        clock.play();
      },
      atLiveEdge: () => timeline.live && duration - LIVE_SYNC_SECONDS - (videoRef.current?.currentTime ?? 0) <= BEHIND_LIVE_SECONDS,
    }),
    [clock, seekTo, timeline.fragments, timeline.live, duration],
  );

  const timelineMarkers: TimelineMarker[] = markers.flatMap((m) => {
    const at = mediaTimeAt(timeline.fragments, m.atMs);
    return at === null ? [] : [{ at, label: m.label }];
  });

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={`Video player: ${label}`}
      data-state={clock.state}
      className={cn('flex flex-col overflow-hidden rounded-xl bg-black text-white shadow-sm', fullscreen && 'h-full rounded-none', className)}
    >
      <div className={cn('relative bg-black', fullscreen ? 'min-h-0 flex-1' : 'aspect-video')}>
        <video
          ref={videoRef}
          muted
          autoPlay
          playsInline
          className="absolute inset-0 size-full object-contain"
          onClick={clock.togglePlay}
          onLoadedMetadata={(event) => {
            clock.onMetadata(event.currentTarget);
            clock.markReady();
          }}
          {...clock.videoEvents}
          onPause={(event) => {
            clock.videoEvents.onPause(event);
            // A paused live game resumes where it was paused, not at the edge.
            if (timeline.live) setDvr(true);
          }}
        />
        {hls.unsupported || hls.failed ? (
          <p className="absolute inset-x-0 bottom-4 px-4 text-center text-sm text-white/80">
            {hls.unsupported ? 'This browser cannot play live video.' : 'This game could not be played.'}
          </p>
        ) : null}
        {wallClock !== null ? (
          <time
            dateTime={new Date(wallClock).toISOString()}
            className="absolute top-2 right-2 rounded bg-black/60 px-1.5 py-0.5 text-xs font-medium tabular-nums"
          >
            <span className="sr-only">Time of day at the play position: </span>
            {timeOfDay.format(wallClock)}
          </time>
        ) : null}
      </div>

      <div className="flex flex-col gap-1 px-3 pt-1 pb-2">
        <SeekBar currentTime={currentTime} duration={duration} bufferedEnd={clock.bufferedEnd} markers={timelineMarkers} onSeek={seekTo} />
        <div className="flex items-center gap-1">
          <ControlButton size="large" label={playing ? 'Pause' : 'Play'} onClick={clock.togglePlay}>
            {playing ? <PauseIcon /> : <PlayIcon />}
          </ControlButton>
          <ControlButton size="large" label={muted ? 'Unmute' : 'Mute'} onClick={clock.toggleMute}>
            {muted ? <VolumeXIcon /> : <Volume2Icon />}
          </ControlButton>
          <span className="ml-1 text-xs text-white/80 tabular-nums">
            {formatMediaTime(currentTime)} / {formatMediaTime(duration)}
          </span>
          <span className="flex-1" />
          {timeline.live ? (
            <button
              type="button"
              onClick={goLive}
              aria-label={behind ? 'Go live' : 'Live: at the live edge'}
              className={cn(
                'flex items-center gap-1 rounded px-2 py-1 text-xs font-semibold tracking-wide uppercase outline-none focus-visible:ring-2 focus-visible:ring-white/70',
                behind ? 'bg-white/15 text-white hover:bg-white/25' : 'bg-red-600 text-white',
              )}
            >
              <RadioIcon aria-hidden="true" className="size-3.5" />
              {behind ? `Go live (−${formatMediaTime(duration - LIVE_SYNC_SECONDS - currentTime)})` : 'Live'}
            </button>
          ) : null}
          <ControlButton size="large" label={fullscreen ? 'Exit full screen' : 'Full screen'} onClick={toggleFullscreen}>
            {fullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
          </ControlButton>
        </div>
      </div>
    </div>
  );
}
