import { REEL_PREPARING, REEL_UNPLAYABLE, type Reel } from '@app/contracts/clips';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PREPARING_RETRY_MS } from '@/features/reels/api/get-shared-reel';
import { ReelDetail } from '@/features/reels/components/reel-detail';
import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const reelId = 'a'.repeat(32);

function reelFixture(extra: Partial<Reel> = {}): Reel {
  return {
    reelId,
    title: 'Best defence',
    shared: true,
    timestamp: 1_700_000_000_000,
    mediaExpiresAt: new Date(Date.now() + 600_000).toISOString(),
    chunks: [
      { id: 'k1', description: 'Block', source: '/storage/c1/clip.mp4?sig=1', clip: 'c1', in: 0, out: 5, poster: '/storage/c1/poster.jpg?sig=1' },
      { id: 'k2', description: 'Steal', source: '/storage/v/full.mp4?sig=2#t=40,46', clip: 'c2', in: 0, out: 6, poster: null },
    ],
    ...extra,
  };
}

// The page modules, without the app shell's layouts.
const fallback = { hydrateFallbackElement: <p>Loading</p> };
function ReelPage() {
  const { reelId: id = '' } = useParams();
  return <ReelDetail reelId={id} />;
}
const reelRoute = { path: '/library/reels/:reelId', element: <ReelPage /> };
// Signed out (renderApp's default session); the app's router test covers /r/{id} in the public tree.
const sharedRoute = { path: '/r/:reelId', lazy: () => import('@/features/reels/routes/shared-reel-page'), ...fallback };

describe('reel pages', () => {
  beforeEach(() => {
    // jsdom has no media playback.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('plays a reel for its maker with an Edit link, the first chunk shown and the second preloaded at its in-point', async () => {
    mockFetch({ [`GET /api/user/reels/${reelId}`]: { ...reelFixture(), owned: true } });
    renderApp(`/library/reels/${reelId}`, { routes: [reelRoute], session: signedInSession, level: 'team' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Best defence' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/library/reels/${reelId}/edit`);
    const player = screen.getByRole('region', { name: 'Reel player: Best defence' });
    const [first, second] = Array.from(player.querySelectorAll('video'));
    expect(first).toHaveAttribute('data-active', 'true');
    expect(first).toHaveAttribute('src', '/storage/c1/clip.mp4?sig=1');
    expect(second).toHaveAttribute('data-active', 'false');
    expect(second).toHaveAttribute('src', '/storage/v/full.mp4?sig=2');
    expect(within(player).getByTestId('chunk-description')).toHaveTextContent('Block');
    expect(within(player).getByText('1 / 2')).toBeInTheDocument();
  });

  it('jumps to a chunk from the list once its element has reached the in-point', async () => {
    mockFetch({ [`GET /api/user/reels/${reelId}`]: { ...reelFixture(), owned: false } });
    renderApp(`/library/reels/${reelId}`, { routes: [reelRoute], session: signedInSession, level: 'fan' });
    const player = await screen.findByRole('region', { name: 'Reel player: Best defence' });
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    const second = player.querySelectorAll('video')[1]!;
    // The preloaded element is seeked to 40 s when its metadata arrives; jsdom fires no media events.
    second.dispatchEvent(new Event('loadedmetadata'));
    expect(second.currentTime).toBe(40);
    second.dispatchEvent(new Event('seeked'));
    await userEvent.setup().click(within(player).getByRole('button', { name: '2. Steal' }));
    expect(second).toHaveAttribute('data-active', 'true');
    expect(within(player).getByTestId('chunk-description')).toHaveTextContent('Steal');
    expect(within(player).getByRole('button', { name: '2. Steal' })).toHaveAttribute('aria-current', 'true');
  });

  it('plays each next chunk at the end of the current one and returns to the first after the last', async () => {
    mockFetch({ [`GET /api/user/reels/${reelId}`]: { ...reelFixture(), owned: true } });
    renderApp(`/library/reels/${reelId}`, { routes: [reelRoute], session: signedInSession, level: 'team' });
    const player = await screen.findByRole('region', { name: 'Reel player: Best defence' });
    const [first, second] = Array.from(player.querySelectorAll('video'));
    const fire = (video: HTMLVideoElement, type: string) => act(() => void video.dispatchEvent(new Event(type)));
    await userEvent.setup().click(within(player).getByRole('button', { name: 'Play reel' }));
    fire(first!, 'loadedmetadata');
    fire(first!, 'seeked');
    // The first chunk is a whole file: it ends with the file. The second is not ready yet, so the
    // first stays shown (its last frame) until the second has reached its in-point.
    fire(first!, 'ended');
    expect(first).toHaveAttribute('data-active', 'true');
    fire(second!, 'loadedmetadata');
    fire(second!, 'seeked');
    expect(second).toHaveAttribute('data-active', 'true');
    expect(player).toHaveAttribute('data-chunk', '1');
    // jsdom has no requestVideoFrameCallback: the out-point (46 s) is seen on timeupdate.
    fire(first!, 'seeked');
    second!.currentTime = 45.9;
    fire(second!, 'timeupdate');
    expect(player).toHaveAttribute('data-chunk', '1');
    second!.currentTime = 46;
    fire(second!, 'timeupdate');
    expect(first).toHaveAttribute('data-active', 'true');
    expect(player).toHaveAttribute('data-chunk', '0');
    expect(within(player).getByTestId('chunk-description')).toHaveTextContent('Block');
  });

  it('has one seek bar over the whole reel, with the boundary between its clips, and seeking into a clip shows it from there', async () => {
    mockFetch({ [`GET /api/user/reels/${reelId}`]: { ...reelFixture(), owned: true } });
    renderApp(`/library/reels/${reelId}`, { routes: [reelRoute], session: signedInSession, level: 'team' });
    const player = await screen.findByRole('region', { name: 'Reel player: Best defence' });
    const [first, second] = Array.from(player.querySelectorAll('video'));
    const fire = (video: HTMLVideoElement, type: string) => act(() => void video.dispatchEvent(new Event(type)));
    // The first clip is a whole 5 s file, the second 6 s of another: 11 s, the boundary at 5 s.
    const seek = within(player).getByRole('slider', { name: 'Seek' });
    expect(seek).toHaveAttribute('aria-valuemax', '11');
    expect(within(player).getByTestId('player-time').parentElement).toHaveTextContent('0:00 / 0:11');
    const boundaries = Array.from(seek.querySelectorAll<HTMLElement>('[data-boundary]'));
    expect(boundaries.map((b) => b.dataset.boundary)).toEqual(['5']);
    expect(boundaries[0]!.style.left).toMatch(/^45\.45/);
    for (const video of [first!, second!]) {
      fire(video, 'loadedmetadata');
      fire(video, 'seeked');
    }

    // 8 s into the reel is 3 s into the second clip: 43 s of its file.
    vi.spyOn(seek, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 110, height: 24 }));
    await userEvent.setup().pointer({ keys: '[MouseLeft]', target: seek, coords: { clientX: 80 } });
    expect(second!.currentTime).toBe(43);
    expect(second).toHaveAttribute('data-active', 'false');
    fire(second!, 'seeked');
    expect(second).toHaveAttribute('data-active', 'true');
    expect(player).toHaveAttribute('data-chunk', '1');
    expect(within(player).getByTestId('player-time').parentElement).toHaveTextContent('0:08 / 0:11');
    expect(within(player).getByRole('button', { name: '2. Steal' })).toHaveAttribute('aria-current', 'true');
    expect(within(player).getByText('2 / 2')).toBeInTheDocument();
  });

  it('says so when the reel is not there', async () => {
    mockFetch({ [`GET /api/user/reels/${reelId}`]: errorJson(404, 'Not Found', 'NOT_FOUND') });
    renderApp(`/library/reels/${reelId}`, { routes: [reelRoute], session: signedInSession, level: 'team' });
    expect(await screen.findByText('Reel not found')).toBeInTheDocument();
  });

  it('opens a shared reel signed out, calling the public endpoint without a token', async () => {
    const net = mockFetch({ [`GET /api/reels/${reelId}`]: reelFixture() });
    renderApp(`/r/${reelId}`, { routes: [sharedRoute] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Best defence' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reel player: Best defence' })).toBeInTheDocument();
    expect(net.call('GET', `/api/reels/${reelId}`)?.headers.get('authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it("shows the team a shared reel comes from: its name, and its initials until it has a logo", async () => {
    mockFetch({ [`GET /api/reels/${reelId}`]: { ...reelFixture(), team: { name: 'Riverside Hawks', logo: null } } });
    renderApp(`/r/${reelId}`, { routes: [sharedRoute] });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Best defence' });
    const header = heading.closest('header')!;
    expect(within(header).getByText('Riverside Hawks')).toBeInTheDocument();
    expect(within(header).getByText('RH')).toBeInTheDocument();
  });

  describe('while the link cannot play yet', () => {
    // The page asks again on an interval: only that clock is ours to move.
    beforeEach(() => void vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
    afterEach(() => void vi.useRealTimers());
    const tick = () => act(() => vi.advanceTimersByTimeAsync(PREPARING_RETRY_MS));

    it('says the reel is being prepared, asks again every few seconds and plays it once its clips are cut, without a reload', async () => {
      const answers = [errorJson(409, REEL_PREPARING, 'CONFLICT'), errorJson(409, REEL_PREPARING, 'CONFLICT')];
      const net = mockFetch({ [`GET /api/reels/${reelId}`]: () => answers.shift() ?? json(reelFixture()) });
      renderApp(`/r/${reelId}`, { routes: [sharedRoute] });
      expect(await screen.findByRole('heading', { level: 1, name: 'This reel is being prepared' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Checking every few seconds...');
      expect(document.title).toMatch(/^This reel is being prepared · /);
      await tick();
      expect(net.calls).toHaveLength(2);
      expect(screen.getByRole('heading', { level: 1, name: 'This reel is being prepared' })).toBeInTheDocument();
      await tick();
      expect(await screen.findByRole('region', { name: 'Reel player: Best defence' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Best defence' })).toBeInTheDocument();
      expect(net.calls).toHaveLength(3);
    });

    it('says clearly when one of its clips could not be prepared, and does not keep asking', async () => {
      const net = mockFetch({ [`GET /api/reels/${reelId}`]: errorJson(409, REEL_UNPLAYABLE, 'CONFLICT') });
      renderApp(`/r/${reelId}`, { routes: [sharedRoute] });
      expect(await screen.findByRole('heading', { level: 1, name: 'This reel cannot be played' })).toBeInTheDocument();
      expect(screen.getByText(/One of its clips could not be prepared\./)).toBeInTheDocument();
      await tick();
      await tick();
      expect(net.calls).toHaveLength(1);
      expect(screen.queryByRole('region', { name: /Reel player/ })).not.toBeInTheDocument();
    });
  });

  it('tells a visitor when the reel is not shared (404)', async () => {
    mockFetch({ [`GET /api/reels/${reelId}`]: errorJson(404, 'Not Found', 'NOT_FOUND') });
    renderApp(`/r/${reelId}`, { routes: [sharedRoute] });
    expect(await screen.findByRole('heading', { level: 1, name: 'This reel is not shared' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Reel player/ })).not.toBeInTheDocument();
  });
});
