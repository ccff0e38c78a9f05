import { useEffect, useState } from 'react';

/**
 * The time of the frame a paused <video> shows; null while it plays, and before it has shown a
 * frame of its own (until the first play or seek it shows its poster).
 */
export function usePausedTime(video: HTMLVideoElement | null): number | null {
  const [time, setTime] = useState<number | null>(null);
  useEffect(() => {
    if (!video) return;
    let shown = video.played.length > 0 || video.currentTime > 0;
    const update = () => setTime(shown && video.paused ? video.currentTime : null);
    const onFrame = () => {
      shown = true;
      update();
    };
    update();
    const events = ['pause', 'play', 'seeked', 'timeupdate'] as const;
    for (const name of events) video.addEventListener(name, name === 'timeupdate' || name === 'pause' ? update : onFrame);
    return () => {
      for (const name of events) video.removeEventListener(name, name === 'timeupdate' || name === 'pause' ? update : onFrame);
    };
  }, [video]);
  return video ? time : null;
}

/** While `at` is set (a frame being drawn on), the video stays paused on it: playing or seeking comes back to it. */
export function useKeepFrame(video: HTMLVideoElement | null, at: number | null) {
  useEffect(() => {
    if (!video || at === null) return;
    const back = () => stayOn(video, at);
    back();
    video.addEventListener('play', back);
    video.addEventListener('seeked', back);
    return () => {
      video.removeEventListener('play', back);
      video.removeEventListener('seeked', back);
    };
  }, [video, at]);
}

function stayOn(video: HTMLMediaElement, at: number) {
  if (!video.paused) video.pause();
  if (Math.abs(video.currentTime - at) > 0.001) video.currentTime = at;
}
