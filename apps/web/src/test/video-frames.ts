import { act } from '@testing-library/react';
import { vi } from 'vitest';

type FrameCallback = (now: number, metadata: { mediaTime: number }) => void;

/**
 * jsdom plays no media and has no requestVideoFrameCallback: `installVideoFrames` (in a beforeEach,
 * whose cleanup it returns) gives the elements what players read (play, pause, paused) and the
 * frame callbacks, which a test runs with `present` as if a frame were presented.
 */
const frameCallbacks = new Map<HTMLVideoElement, Map<number, FrameCallback>>();
const playing = new WeakSet<HTMLMediaElement>();
let lastHandle = 0;

export function installVideoFrames(): () => void {
  frameCallbacks.clear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing.delete(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this);
  });
  // Absent in jsdom (players then follow timeupdate): added for these tests only.
  const video = HTMLVideoElement.prototype as unknown as Record<string, unknown>;
  video.requestVideoFrameCallback = function (this: HTMLVideoElement, callback: FrameCallback) {
    const callbacks = frameCallbacks.get(this) ?? new Map<number, FrameCallback>();
    frameCallbacks.set(this, callbacks);
    callbacks.set(++lastHandle, callback);
    return lastHandle;
  };
  video.cancelVideoFrameCallback = function (this: HTMLVideoElement, handle: number) {
    frameCallbacks.get(this)?.delete(handle);
  };
  return () => {
    delete video.requestVideoFrameCallback;
    delete video.cancelVideoFrameCallback;
  };
}

/** The element presents a frame at `mediaTime`: its pending frame callbacks run, once. */
export function present(video: HTMLVideoElement, mediaTime: number) {
  const callbacks = [...(frameCallbacks.get(video)?.values() ?? [])];
  frameCallbacks.get(video)?.clear();
  act(() => {
    for (const callback of callbacks) callback(performance.now(), { mediaTime });
  });
}
