import { useCallback, useEffect, useRef, useState } from 'react';

import { frameInterval } from '@/components/player/chunk-handoff';
import { drawingToHold } from '@/features/drawings/utils/hold-schedule';

type VideoFrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: (now: number, metadata: { mediaTime: number }) => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

type Holdable = { _id: string; at: number; holdSeconds: number };
/** A hold under way: the drawing, and when playback goes on (ms since the epoch). */
type Hold<D> = { drawing: D; endsAt: number };

type DrawingHoldsOptions<D> = {
  video: HTMLVideoElement | null;
  /** Timed in seconds of the element's file. */
  drawings: readonly D[];
  /** Off: playback plays through (drawings hidden, or one being drawn). */
  enabled: boolean;
  play(): void;
  pause(): void;
};

/**
 * Holds playback on each drawing it plays into: pauses on the drawing's frame for its
 * `holdSeconds`, then plays on. It follows the element's presented frames
 * (requestVideoFrameCallback) where the browser has them, else `timeupdate` and a check every
 * display frame while playing. Seeking never holds (a seek starts the sampling afresh); the viewer
 * playing or seeking during a hold ends it (playing on, or staying where they went).
 */
export function useDrawingHolds<D extends Holdable>({ video, drawings, enabled, play, pause }: DrawingHoldsOptions<D>) {
  const [hold, setHold] = useState<Hold<D> | null>(null);
  const latest = useRef({ drawings, enabled, play, pause });
  useEffect(() => {
    latest.current = { drawings, enabled, play, pause };
  });
  const endHold = useRef<(resume: boolean) => void>(() => undefined);

  useEffect(() => {
    if (!video) return;
    const element = video as VideoFrameVideo;
    let previous: number | null = null;
    let frameSec = frameInterval(null, 0);
    let holding: D | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Our own seek onto the held frame is not the viewer's.
    let ownSeek = false;

    const end = (resume: boolean) => {
      clearTimeout(timer);
      if (!holding) return;
      holding = null;
      setHold(null);
      if (resume) latest.current.play();
    };
    endHold.current = end;

    const sample = (time: number) => {
      if (holding || element.paused) {
        previous = time;
        return;
      }
      const { drawings: current, enabled: on } = latest.current;
      const due = on ? drawingToHold(current, previous, time, frameSec) : null;
      previous = time;
      if (!due) return;
      holding = due;
      latest.current.pause();
      // Sampled up to a frame late: back onto the frame it was drawn on.
      if (Math.abs(element.currentTime - due.at) > 0.001) {
        ownSeek = true;
        element.currentTime = due.at;
      }
      setHold({ drawing: due, endsAt: Date.now() + due.holdSeconds * 1000 });
      timer = setTimeout(() => end(true), due.holdSeconds * 1000);
    };

    const onSeeking = () => {
      previous = null;
      if (ownSeek) ownSeek = false;
      else end(false);
    };
    const onPlay = () => end(false);
    element.addEventListener('seeking', onSeeking);
    element.addEventListener('play', onPlay);
    const stopSampling = sampleFrames(element, (time, interval) => {
      if (interval !== null) frameSec = interval;
      sample(time);
    });

    return () => {
      stopSampling();
      element.removeEventListener('seeking', onSeeking);
      element.removeEventListener('play', onPlay);
      clearTimeout(timer);
      endHold.current = () => undefined;
      setHold(null);
    };
  }, [video]);

  // Switched off during a hold (drawings hidden, or Draw pressed on the held frame): the hold ends
  // where it is, paused, as any pause the viewer makes.
  useEffect(() => {
    if (!enabled) endHold.current(false);
  }, [enabled]);

  const resume = useCallback(() => endHold.current(true), []);
  return { held: hold?.drawing ?? null, endsAt: hold?.endsAt ?? null, resume };
}

/**
 * Calls `onTime` with the playhead at each presented frame (and the media time between the last two
 * frames), or, without requestVideoFrameCallback, at each `timeupdate` and every display frame while
 * playing (no frame interval known). Returns the stop.
 */
function sampleFrames(video: VideoFrameVideo, onTime: (time: number, frameSec: number | null) => void): () => void {
  if (video.requestVideoFrameCallback && video.cancelVideoFrameCallback) {
    let last: number | null = null;
    let handle = 0;
    const onFrame = (_now: number, { mediaTime }: { mediaTime: number }) => {
      onTime(mediaTime, frameInterval(last, mediaTime));
      last = mediaTime;
      handle = video.requestVideoFrameCallback!(onFrame);
    };
    handle = video.requestVideoFrameCallback(onFrame);
    return () => video.cancelVideoFrameCallback!(handle);
  }
  let frame = 0;
  const tick = () => {
    onTime(video.currentTime, null);
    frame = requestAnimationFrame(tick);
  };
  const start = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(tick);
  };
  const stop = () => cancelAnimationFrame(frame);
  const onTimeUpdate = () => onTime(video.currentTime, null);
  video.addEventListener('timeupdate', onTimeUpdate);
  video.addEventListener('playing', start);
  video.addEventListener('pause', stop);
  if (!video.paused) start();
  return () => {
    stop();
    video.removeEventListener('timeupdate', onTimeUpdate);
    video.removeEventListener('playing', start);
    video.removeEventListener('pause', stop);
  };
}
