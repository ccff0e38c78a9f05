import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PlayerSources } from '@/components/player/sources';
import { mediaRenewDelay } from '@/lib/media-renewal';
import { INITIAL_VOLUME, usePlayerClock } from '@/components/player/use-player-clock';
import { usePlayerSource } from '@/components/player/use-player-source';

/** A <video> as jsdom gives it, with what the hooks read made settable (jsdom plays nothing). */
function fakeVideo({ currentTime = 0, paused = true, duration = 95 } = {}) {
  const video = document.createElement('video');
  let time = currentTime;
  Object.defineProperty(video, 'currentTime', { get: () => time, set: (t: number) => (time = t), configurable: true });
  Object.defineProperty(video, 'paused', { get: () => paused, configurable: true });
  Object.defineProperty(video, 'duration', { get: () => duration, configurable: true });
  video.play = vi.fn(() => Promise.resolve());
  video.pause = vi.fn();
  return video;
}

const sources = (sig: string): PlayerSources => ({
  full: { url: `/storage/k/full.mp4?sig=${sig}`, width: 1920, height: 1080, fps: 60 },
  low: { url: `/storage/k/low.mp4?sig=${sig}`, width: 640, height: 360, fps: 30 },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('usePlayerSource', () => {
  it('plays the best rendition, and a quality switch resumes at the same position, still playing', () => {
    const video = fakeVideo({ currentTime: 42, paused: false });
    const videoRef = { current: video };
    const { result } = renderHook(() => usePlayerSource({ sources: sources('a'), videoRef }));
    expect(result.current.src).toBe('/storage/k/full.mp4?sig=a');
    expect(result.current.fps).toBe(60);

    act(() => result.current.chooseQuality('low'));
    expect(result.current.src).toBe('/storage/k/low.mp4?sig=a');
    expect(result.current.fps).toBe(30);

    // The new file loaded at 0: back to 42 s, and playing again.
    video.currentTime = 0;
    const onTime = vi.fn();
    const play = vi.fn();
    result.current.resumeAfterLoad(video, { onTime, play });
    expect(video.currentTime).toBe(42);
    expect(onTime).toHaveBeenCalledWith(42);
    expect(play).toHaveBeenCalledOnce();
  });

  it('keeps the playing URL when only its signature changes, and takes the fresh one after an error', () => {
    const video = fakeVideo();
    const onSourceError = vi.fn();
    const { result, rerender } = renderHook(({ sig }) => usePlayerSource({ sources: sources(sig), videoRef: { current: video }, onSourceError }), {
      initialProps: { sig: 'a' },
    });
    rerender({ sig: 'b' });
    expect(result.current.src).toBe('/storage/k/full.mp4?sig=a');
    rerender({ sig: 'a' });

    Object.defineProperty(video, 'error', { get: () => ({ code: 4 }), configurable: true });
    act(() => result.current.onError({ currentTarget: video } as unknown as React.SyntheticEvent<HTMLVideoElement>));
    expect(onSourceError).toHaveBeenCalledOnce();
    expect(result.current.sourceFailed).toBe(true);
    // The page fetched new URLs: the fresh signature is taken.
    rerender({ sig: 'c' });
    expect(result.current.src).toBe('/storage/k/full.mp4?sig=c');
    expect(result.current.sourceFailed).toBe(false);
  });

  it('swaps in renewed URLs before the playing ones expire, at the same position and still playing', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2030-01-01T12:00:00Z'));
    const video = fakeVideo({ currentTime: 61.5, paused: false });
    const { result, rerender } = renderHook(
      ({ sig, expiresAt }) => usePlayerSource({ sources: sources(sig), expiresAt, videoRef: { current: video } }),
      { initialProps: { sig: 'a', expiresAt: '2030-01-01T12:10:00Z' } },
    );
    // Re-signed early (a processing poll): the playing URL still has long to live, so nothing reloads.
    rerender({ sig: 'b', expiresAt: '2030-01-01T12:10:30Z' });
    expect(result.current.src).toBe('/storage/k/full.mp4?sig=a');
    expect(mediaRenewDelay('2030-01-01T12:10:00Z')).toBe(7 * 60_000);

    // The page renews when the URLs are 3 min from expiry: the player takes them.
    vi.setSystemTime(Date.parse('2030-01-01T12:07:00Z'));
    rerender({ sig: 'c', expiresAt: '2030-01-01T12:17:00Z' });
    expect(result.current.src).toBe('/storage/k/full.mp4?sig=c');
    video.currentTime = 0;
    const onTime = vi.fn();
    const play = vi.fn();
    result.current.resumeAfterLoad(video, { onTime, play });
    expect(video.currentTime).toBe(61.5);
    expect(onTime).toHaveBeenCalledWith(61.5);
    expect(play).toHaveBeenCalledOnce();

    // An older signature arriving late is never taken over a newer one.
    rerender({ sig: 'b', expiresAt: '2030-01-01T12:10:30Z' });
    expect(result.current.src).toBe('/storage/k/full.mp4?sig=c');
  });

  it('asks for new URLs at most once in 10 s, so a broken file cannot loop', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    const video = fakeVideo();
    Object.defineProperty(video, 'error', { get: () => ({ code: 4 }), configurable: true });
    const onSourceError = vi.fn();
    const { result } = renderHook(() => usePlayerSource({ sources: sources('a'), videoRef: { current: video }, onSourceError }));
    const fail = () => act(() => result.current.onError({ currentTarget: video } as unknown as React.SyntheticEvent<HTMLVideoElement>));
    fail();
    fail();
    expect(onSourceError).toHaveBeenCalledOnce();
    vi.setSystemTime(1_700_000_010_001);
    fail();
    expect(onSourceError).toHaveBeenCalledTimes(2);
  });
});

describe('usePlayerClock', () => {
  it('starts muted at volume 0.1, loading, with the server duration until the element knows its own', () => {
    const video = fakeVideo();
    const { result } = renderHook(() => usePlayerClock({ videoRef: { current: video }, durationHint: 90 }));
    expect(video.muted).toBe(true);
    expect(video.volume).toBe(INITIAL_VOLUME);
    expect(result.current.state).toBe('loading');
    expect(result.current.duration).toBe(90);

    act(() => {
      result.current.onMetadata(video);
      result.current.markReady();
    });
    expect(result.current.duration).toBe(95);
    expect(result.current.state).toBe('ready');
  });

  it('clamps seeks into the video, steps one frame of the given rate, and keeps the chosen speed on a new source', () => {
    const video = fakeVideo({ currentTime: 10 });
    const { result } = renderHook(() => usePlayerClock({ videoRef: { current: video }, durationHint: 95 }));
    act(() => result.current.seek(500));
    expect(video.currentTime).toBe(95);
    expect(result.current.currentTime).toBe(95);

    act(() => result.current.seek(10));
    act(() => result.current.stepFrame(1, 50));
    expect(video.pause).toHaveBeenCalled();
    expect(video.currentTime).toBeCloseTo(10.02);

    act(() => result.current.changeRate(0.5));
    expect(video.playbackRate).toBe(0.5);
    video.playbackRate = 1;
    act(() => result.current.onMetadata(video));
    expect(video.playbackRate).toBe(0.5);
  });
});
