import { describe, expect, it, vi } from 'vitest';

import { playNatively } from '@/components/player/native-hls';

const url = (token: string) => `/api/live/game/index.m3u8?token=${token}`;

/** A <video> whose media state the test sets, as Safari would report it. */
function video({ currentTime = 0, duration = Number.POSITIVE_INFINITY, paused = false } = {}) {
  const element = document.createElement('video');
  const play = vi.fn(() => Promise.resolve());
  Object.defineProperties(element, {
    currentTime: { value: currentTime, writable: true },
    duration: { value: duration, writable: true },
    paused: { value: paused, writable: true },
    play: { value: play },
  });
  return { element, play };
}

describe('playNatively', () => {
  it('plays the playlist, and after a refusal starts again with the newer token', () => {
    const { element, play } = video({ currentTime: 42 });
    let latest = url('first');
    playNatively(element, url('first'), () => latest, vi.fn());
    expect(element.getAttribute('src')).toBe(url('first'));

    latest = url('second');
    element.dispatchEvent(new Event('error'));
    expect(element.getAttribute('src')).toBe(url('second'));
    // Live: the stream starts again at its edge, where Safari puts it (not at the old media time); it keeps playing.
    element.currentTime = 3;
    element.dispatchEvent(new Event('loadedmetadata'));
    expect(element.currentTime).toBe(3);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('resumes an archive where the viewer was, and leaves a paused one paused', () => {
    const { element, play } = video({ currentTime: 754, duration: 5400, paused: true });
    playNatively(element, url('first'), () => url('second'), vi.fn());
    element.dispatchEvent(new Event('error'));
    element.currentTime = 0;
    element.dispatchEvent(new Event('loadedmetadata'));
    expect(element.currentTime).toBe(754);
    expect(play).not.toHaveBeenCalled();
  });

  it('fails when the newest token is refused too, and stops listening once cleaned up', () => {
    const { element } = video();
    const onFailed = vi.fn();
    const stop = playNatively(element, url('only'), () => url('only'), onFailed);
    element.dispatchEvent(new Event('error'));
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(element.getAttribute('src')).toBe(url('only'));

    stop();
    element.dispatchEvent(new Event('error'));
    expect(onFailed).toHaveBeenCalledTimes(1);
  });
});
