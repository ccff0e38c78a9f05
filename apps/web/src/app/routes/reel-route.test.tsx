import type { ReelView } from '@app/contracts/clips';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { installVideoFrames, present } from '@/test/video-frames';

const reelId = 'a'.repeat(32);
const videoKey = '11111111-1111-4111-8111-111111111111';

// A clip made at 40 s of the video, the reel playing 2 to 8 s of its own file: 42 to 48 s of the video.
const reel: ReelView = {
  reelId,
  title: 'Best defence',
  shared: false,
  timestamp: 1_700_000_000_000,
  mediaExpiresAt: new Date(Date.now() + 600_000).toISOString(),
  owned: true,
  chunks: [
    { id: 'k1', description: 'Block', source: '/storage/c1/clip.mp4?sig=1#t=2,8', clip: 'c1', in: 2, out: 8, poster: null, stream_id: videoKey, clip_id: 40_000 },
  ],
};
const drawing = {
  _id: 'd1',
  at: 45,
  holdSeconds: 3,
  shapes: [{ type: 'ellipse', points: [[0.2, 0.2], [0.4, 0.5]], color: '#ffd60a', width: 0.006 }],
  by: 'coach',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('drawings in a reel', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1280);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(720);
    return installVideoFrames();
  });

  it("holds on its video's drawing inside the chunk, in the chunk's own time, then plays on", async () => {
    const net = mockFetch({ [`GET /api/user/reels/${reelId}`]: reel, [`GET /api/user/videos/${videoKey}/drawings`]: { items: [drawing] } });
    renderApp(`/library/reels/${reelId}`, {
      routes: [{ path: '/library/reels/:reelId', lazy: () => import('@/app/routes/reel-route'), hydrateFallbackElement: <p>Loading</p> }],
      session: signedInSession,
      level: 'team',
    });
    const player = await screen.findByRole('region', { name: 'Reel player: Best defence' });
    const shown = player.querySelector<HTMLVideoElement>('video[data-active="true"]')!;
    act(() => void shown.dispatchEvent(new Event('loadedmetadata')));
    act(() => void shown.dispatchEvent(new Event('seeked')));
    // Paused on its frame first: the drawing shows (45 s of the video is 5 s into the clip's file,
    // whose chunk starts at 2 s of it, 42 s of the video).
    shown.currentTime = 5;
    act(() => void shown.dispatchEvent(new Event('seeked')));
    expect(await within(player).findByRole('img', { name: 'Drawing with 1 shape' })).toBeInTheDocument();
    expect(net.call('GET', `/api/user/videos/${videoKey}/drawings`)).toBeDefined();
    act(() => {
      shown.dispatchEvent(new Event('seeking'));
      shown.currentTime = 2;
      shown.dispatchEvent(new Event('seeked'));
    });
    expect(within(player).queryByRole('img', { name: 'Drawing with 1 shape' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(player).getByRole('button', { name: 'Play reel' }));
    expect(shown.paused).toBe(false);
    present(shown, 4.92);
    present(shown, 4.96);
    expect(within(player).queryByRole('status')).not.toBeInTheDocument();
    present(shown, 5);
    expect(within(player).getByRole('status')).toHaveTextContent('Drawing · plays on in 3 s');
    expect(shown.paused).toBe(true);
    expect(shown.currentTime).toBe(5);
    expect(within(player).getByRole('img', { name: 'Drawing with 1 shape' })).toBeInTheDocument();

    await user.click(within(player).getByRole('button', { name: 'Continue' }));
    expect(shown.paused).toBe(false);
    expect(within(player).queryByRole('status')).not.toBeInTheDocument();
  });

  it('"Show drawings" on the picture hides them and their holds, remembered, and brings them back', async () => {
    mockFetch({ [`GET /api/user/reels/${reelId}`]: reel, [`GET /api/user/videos/${videoKey}/drawings`]: { items: [drawing] } });
    renderApp(`/library/reels/${reelId}`, {
      routes: [{ path: '/library/reels/:reelId', lazy: () => import('@/app/routes/reel-route'), hydrateFallbackElement: <p>Loading</p> }],
      session: signedInSession,
      level: 'team',
    });
    const player = await screen.findByRole('region', { name: 'Reel player: Best defence' });
    const shown = player.querySelector<HTMLVideoElement>('video[data-active="true"]')!;
    act(() => void shown.dispatchEvent(new Event('loadedmetadata')));
    shown.currentTime = 5;
    act(() => void shown.dispatchEvent(new Event('seeked')));
    await within(player).findByRole('img', { name: 'Drawing with 1 shape' });
    const user = userEvent.setup();
    const toggle = within(player).getByRole('button', { name: 'Show drawings' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(player).queryByRole('img', { name: 'Drawing with 1 shape' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('teamfilm.show-drawings')).toBe('false');
    // Off, playing through the drawing's frame does not hold.
    act(() => {
      shown.dispatchEvent(new Event('seeking'));
      shown.currentTime = 4;
      shown.dispatchEvent(new Event('seeked'));
    });
    await user.click(within(player).getByRole('button', { name: 'Play reel' }));
    present(shown, 4.96);
    present(shown, 5);
    present(shown, 5.04);
    expect(within(player).queryByRole('status')).not.toBeInTheDocument();
    expect(shown.paused).toBe(false);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('teamfilm.show-drawings')).toBe('true');
  });

  it('offers no "Show drawings" where the chunk has no drawing', async () => {
    const net = mockFetch({ [`GET /api/user/reels/${reelId}`]: reel, [`GET /api/user/videos/${videoKey}/drawings`]: { items: [{ ...drawing, at: 30 }] } });
    // The drawings layer loaded already: what it shows is settled once its drawings are in.
    await import('@/features/drawings/components/reel-drawing-overlay');
    renderApp(`/library/reels/${reelId}`, {
      routes: [{ path: '/library/reels/:reelId', lazy: () => import('@/app/routes/reel-route'), hydrateFallbackElement: <p>Loading</p> }],
      session: signedInSession,
      level: 'team',
    });
    const player = await screen.findByRole('region', { name: 'Reel player: Best defence' });
    await waitFor(() => expect(net.call('GET', `/api/user/videos/${videoKey}/drawings`)).toBeDefined());
    await act(async () => {});
    expect(within(player).queryByRole('button', { name: 'Show drawings' })).not.toBeInTheDocument();
  });
});
