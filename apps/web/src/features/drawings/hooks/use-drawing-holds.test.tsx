import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useDrawingHolds } from '@/features/drawings/hooks/use-drawing-holds';

const drawings = [{ _id: 'd', at: 10, holdSeconds: 3 }];

/** A <video> whose play state the test drives (jsdom plays nothing); without requestVideoFrameCallback, as in jsdom. */
function fakeVideo() {
  const video = document.createElement('video');
  let paused = true;
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  const play = vi.fn(() => {
    paused = false;
    video.dispatchEvent(new Event('play'));
  });
  const pause = vi.fn(() => {
    paused = true;
  });
  /** The playhead plays on to `t`. */
  const playTo = (t: number) =>
    act(() => {
      video.currentTime = t;
      video.dispatchEvent(new Event('timeupdate'));
    });
  /** The viewer seeks to `t`. */
  const seekTo = (t: number) =>
    act(() => {
      video.dispatchEvent(new Event('seeking'));
      video.currentTime = t;
    });
  return { video, play, pause, playTo, seekTo, start: () => act(() => play()) };
}

describe('holding playback on drawings', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pauses on a drawing it plays into, on its frame, for its hold, then plays on', () => {
    const v = fakeVideo();
    const { result } = renderHook(() => useDrawingHolds({ video: v.video, drawings, enabled: true, play: v.play, pause: v.pause }));
    v.start();
    v.playTo(9.9);
    v.playTo(9.95);
    expect(result.current.held).toBeNull();
    v.playTo(10.01);
    expect(result.current.held?._id).toBe('d');
    expect(v.pause).toHaveBeenCalledTimes(1);
    // Back onto the frame it was drawn on; that seek is the hold's own.
    expect(v.video.currentTime).toBe(10);
    act(() => void v.video.dispatchEvent(new Event('seeking')));
    expect(result.current.held?._id).toBe('d');

    act(() => void vi.advanceTimersByTime(2999));
    expect(result.current.held?._id).toBe('d');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.held).toBeNull();
    expect(v.play).toHaveBeenCalledTimes(2);
    // Playing on from it does not hold again.
    v.playTo(10.04);
    v.playTo(10.08);
    expect(result.current.held).toBeNull();
    expect(v.pause).toHaveBeenCalledTimes(1);
  });

  it('does not hold when seeking past a drawing', () => {
    const v = fakeVideo();
    const { result } = renderHook(() => useDrawingHolds({ video: v.video, drawings, enabled: true, play: v.play, pause: v.pause }));
    v.start();
    v.playTo(9.5);
    v.seekTo(10.3);
    v.playTo(10.34);
    expect(result.current.held).toBeNull();
    expect(v.pause).not.toHaveBeenCalled();
  });

  it('ends the hold when the viewer plays on or seeks, and holds nothing while off', () => {
    const v = fakeVideo();
    const { result, rerender } = renderHook(({ enabled }) => useDrawingHolds({ video: v.video, drawings, enabled, play: v.play, pause: v.pause }), {
      initialProps: { enabled: true },
    });
    v.start();
    v.playTo(9.9);
    v.playTo(10.01);
    expect(result.current.held?._id).toBe('d');
    expect(v.video.currentTime).toBe(10);
    // The viewer presses play during the hold: it ends, and the timer does not play again.
    v.start();
    expect(result.current.held).toBeNull();
    act(() => void vi.advanceTimersByTime(5000));
    expect(v.play).toHaveBeenCalledTimes(2);

    rerender({ enabled: false });
    v.seekTo(9.9);
    v.playTo(9.95);
    v.playTo(10.02);
    expect(result.current.held).toBeNull();
  });
});
