import { useCallback, useEffect, useRef, useState } from 'react';

import { clampTime, frameDuration } from '@/components/player/markers';

/** The player starts muted, at volume 0.1 (for when the viewer unmutes). */
export const INITIAL_VOLUME = 0.1;

/** The media player's states. */
export type PlayerState = 'loading' | 'ready' | 'playing' | 'paused' | 'ended';

/**
 * What a <video> is doing, as React state: play state, time (followed every frame while playing),
 * duration, buffered range, speed and mute; and the transport that changes them (play, seek, frame
 * step, a range that pauses at its end). `videoEvents` goes on the element.
 */
export function usePlayerClock({
  videoRef,
  durationHint,
}: {
  videoRef: React.RefObject<HTMLVideoElement | null>;
  /** The server's duration, used until the element knows its own (and for files without one). */
  durationHint?: number | null;
}) {
  const [state, setState] = useState<PlayerState>('loading');
  const [currentTime, setCurrentTime] = useState(0);
  const [elementDuration, setElementDuration] = useState(Number.NaN);
  const [bufferedEnd, setBufferedEnd] = useState(0);
  const [buffering, setBuffering] = useState(false);
  const [rate, setRate] = useState(1);
  const [muted, setMuted] = useState(true);
  const rangeEnd = useRef<number | null>(null);

  const duration = Number.isFinite(elementDuration) && elementDuration > 0 ? elementDuration : (durationHint ?? 0);
  const playing = state === 'playing';

  // Muted, volume 0.1. Set on the element: React does not reflect `muted` reliably.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = INITIAL_VOLUME;
    video.muted = true;
  }, [videoRef]);

  const seek = useCallback(
    (t: number) => {
      const video = videoRef.current;
      if (!video) return;
      rangeEnd.current = null;
      const target = clampTime(t, duration);
      video.currentTime = target;
      setCurrentTime(target);
    },
    [duration, videoRef],
  );

  const play = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    // play() rejects when interrupted (a seek or new source); that is not an error to report.
    void video.play()?.catch(() => undefined);
  }, [videoRef]);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) play();
    else video.pause();
  }, [play, videoRef]);

  /** One frame at `fps` (of the file playing) back or forward, paused. */
  const stepFrame = useCallback(
    (direction: 1 | -1, fps: number | null | undefined) => {
      const video = videoRef.current;
      if (!video) return;
      video.pause();
      seek(video.currentTime + direction * frameDuration(fps));
    },
    [seek, videoRef],
  );

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    // Unmuting at volume 0 would look broken; restore the start volume.
    if (!video.muted && video.volume === 0) video.volume = INITIAL_VOLUME;
  }, [videoRef]);

  /** Plays from `start` and pauses at `end` (a highlight from its intro to its outro). */
  const playRange = useCallback(
    (start: number, end: number) => {
      seek(start);
      rangeEnd.current = end > start ? end : null;
      play();
    },
    [play, seek],
  );

  function changeRate(next: number) {
    const video = videoRef.current;
    if (video) {
      video.playbackRate = next;
      video.defaultPlaybackRate = next;
    }
    setRate(next);
  }

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
  }, [playing, videoRef]);

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

  /** On `loadedmetadata`, first: the duration, and the viewer's speed (a new source resets it to the default). */
  function onMetadata(video: HTMLVideoElement) {
    setElementDuration(video.duration);
    video.playbackRate = rate;
  }

  /** On `loadedmetadata`, last: the first load makes the player ready. */
  function markReady() {
    setState((previous) => (previous === 'loading' ? 'ready' : previous));
  }

  const videoEvents = {
    onDurationChange: (event: React.SyntheticEvent<HTMLVideoElement>) => setElementDuration(event.currentTarget.duration),
    onTimeUpdate: (event: React.SyntheticEvent<HTMLVideoElement>) => {
      const video = event.currentTarget;
      setCurrentTime(video.currentTime);
      stopAtRangeEnd(video);
      updateBuffered(video);
    },
    onProgress: (event: React.SyntheticEvent<HTMLVideoElement>) => updateBuffered(event.currentTarget),
    onPlay: () => setState('playing'),
    onPlaying: () => {
      setBuffering(false);
      setState('playing');
    },
    onPause: (event: React.SyntheticEvent<HTMLVideoElement>) => setState(event.currentTarget.ended ? 'ended' : 'paused'),
    onEnded: () => setState('ended'),
    onWaiting: () => setBuffering(true),
    onCanPlay: () => setBuffering(false),
    onSeeked: (event: React.SyntheticEvent<HTMLVideoElement>) => updateBuffered(event.currentTarget),
    onRateChange: (event: React.SyntheticEvent<HTMLVideoElement>) => setRate(event.currentTarget.playbackRate),
    onVolumeChange: (event: React.SyntheticEvent<HTMLVideoElement>) =>
      setMuted(event.currentTarget.muted || event.currentTarget.volume === 0),
  };

  return {
    state,
    playing,
    currentTime,
    setCurrentTime,
    duration,
    bufferedEnd,
    buffering,
    rate,
    changeRate,
    muted,
    seek,
    play,
    togglePlay,
    stepFrame,
    toggleMute,
    playRange,
    onMetadata,
    markReady,
    videoEvents,
  };
}

export type PlayerClock = ReturnType<typeof usePlayerClock>;
