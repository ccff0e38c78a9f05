import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Level } from '@app/contracts/levels';
import { HIGHLIGHT_MARKERS_ONLY, HIGHLIGHT_REMOVERS_ONLY } from '@app/contracts/videos';

import { VideoDetail } from '@/features/videos/components/video-detail';
import { clipFixture, reelFixture } from '@/test/clip-fixture';
import { videoFixture } from '@/test/video-fixture';
import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { LocationProbe } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const key = '11111111-1111-4111-8111-111111111111';
const path = `/api/user/videos/${key}`;
const me = { userId: 7, userUuid: 'uuid-7', username: 'coach' };

function renderVideo(level: Level = 'team') {
  return renderApp(`/team/videos/${key}`, {
    routes: [{ path: '/team/videos/:key', element: <VideoDetail videoKey={key} clipsPath="/team/clips" /> }],
    session: signedInSession,
    level,
  });
}

/** A highlight at `at` s as the server answers it, marked by `maker` (the owner, user 7, by default). */
const marked = (at: number, maker: { makerId: number; makerName: string } = { makerId: 7, makerName: 'coach' }) => ({
  id: `h-${at}`,
  intro: at - 3,
  highlight: at,
  outro: at + 5,
  ...maker,
});

function player() {
  return screen.getByRole('region', { name: /video player/i });
}

describe('VideoDetail', () => {
  beforeEach(() => {
    // jsdom has no media playback.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('starts muted at volume 0.1 with the full rendition', async () => {
    mockFetch({ [`GET ${path}`]: videoFixture(), 'GET /api/user/me': me, [`GET ${path}/messages`]: [] });
    renderVideo();
    await screen.findByRole('heading', { name: 'Hawks vs Owls' });
    const video = player().querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video.volume).toBe(0.1);
    expect(video.getAttribute('src')).toBe(`/storage/${key}/full.mp4?sig=a`);
  });

  it('marks a highlight at the current time, shows it at once and saves it', async () => {
    const net = mockFetch({
      [`GET ${path}`]: videoFixture(),
      'GET /api/user/me': me,
      [`GET ${path}/messages`]: [],
      [`POST ${path}/highlights`]: json(videoFixture({ highlights: [marked(20)] }), 201),
    });
    renderVideo();
    await screen.findByRole('heading', { name: 'Hawks vs Owls' });
    player().querySelector('video')!.currentTime = 20;
    await userEvent.setup().click(await screen.findByRole('button', { name: /mark highlight/i }));
    expect(await screen.findByRole('button', { name: /Highlight 1 0:17 – 0:25/ })).toBeInTheDocument();
    expect(player().querySelectorAll('[data-marker]')).toHaveLength(1);
    await waitFor(() => expect(net.call('POST', `${path}/highlights`)?.body).toEqual({ at: 20 }));
  });

  it('takes the highlight back when saving fails', async () => {
    mockFetch({
      [`GET ${path}`]: videoFixture(),
      'GET /api/user/me': me,
      [`GET ${path}/messages`]: [],
      [`POST ${path}/highlights`]: errorJson(403, HIGHLIGHT_MARKERS_ONLY, 'FORBIDDEN'),
    });
    renderVideo();
    await screen.findByRole('heading', { name: 'Hawks vs Owls' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /mark highlight/i }));
    expect(await screen.findByText(HIGHLIGHT_MARKERS_ONLY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Highlight 1/ })).not.toBeInTheDocument();
    expect(player().querySelectorAll('[data-marker]')).toHaveLength(0);
  });

  it('lets the owner edit the title with Update and Cancel', async () => {
    const net = mockFetch({
      [`GET ${path}`]: videoFixture({ title: null }),
      'GET /api/user/me': me,
      [`GET ${path}/messages`]: [],
      [`PUT ${path}`]: (call) => json(videoFixture(call.body as object)),
    });
    renderVideo();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Video' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Edit title' }));
    await user.type(screen.getByLabelText('Title'), 'Semifinal');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Video' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit title' }));
    await user.type(screen.getByLabelText('Title'), 'Semifinal');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('heading', { name: 'Semifinal' })).toBeInTheDocument();
    await waitFor(() => expect(net.call('PUT', path)?.body).toEqual({ title: 'Semifinal' }));
  });

  it('lets the owner delete the video after confirming, then goes back to the list', async () => {
    const net = mockFetch({
      [`GET ${path}`]: videoFixture(),
      'GET /api/user/me': me,
      [`GET ${path}/messages`]: [],
      [`DELETE ${path}`]: () => new Response(null, { status: 204 }),
    });
    renderApp(`/team/videos/${key}`, {
      routes: [
        { path: '/team/videos/:key', element: <VideoDetail videoKey={key} clipsPath="/team/clips" /> },
        { path: '*', element: <LocationProbe /> },
      ],
      session: signedInSession,
      level: 'team',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Hawks vs Owls' }));
    expect(net.call('DELETE', path)).toBeUndefined();
    const question = screen.getByRole('group', { name: 'Delete Hawks vs Owls?' });
    expect(within(question).getByText(/This cannot be undone/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Delete video' }));
    expect(await screen.findByText('at: /team/videos')).toBeInTheDocument();
    expect(net.call('DELETE', path)).toBeDefined();
  });

  it('shows a fan in the team no title edit nor Mark Highlight, and says why', async () => {
    mockFetch({
      [`GET ${path}`]: videoFixture({ highlights: [marked(10)] }),
      'GET /api/user/me': { ...me, userId: 8, username: 'fanny' },
      [`GET ${path}/messages`]: [],
    });
    renderVideo('fan');
    expect(await screen.findByText(HIGHLIGHT_MARKERS_ONLY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit title' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /mark highlight/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete|remove/i })).not.toBeInTheDocument();
    // The highlight list still plays a highlight from its intro.
    await userEvent.setup().click(screen.getByRole('button', { name: /^Highlight 1/ }));
    expect(player().querySelector('video')!.currentTime).toBe(7);
  });

  it('lets a teammate mark highlights and remove their own, not the others’', async () => {
    const mine = { makerId: 8, makerName: 'Alex Rivera' };
    const net = mockFetch({
      [`GET ${path}`]: videoFixture({ highlights: [marked(10), marked(40, mine)] }),
      'GET /api/user/me': { ...me, userId: 8, username: 'alexr', name: 'Alex Rivera' },
      [`GET ${path}/messages`]: [],
      [`DELETE ${path}/highlights/h-40`]: json(videoFixture({ highlights: [marked(10)] })),
      [`DELETE ${path}/highlights/h-10`]: errorJson(403, HIGHLIGHT_REMOVERS_ONLY, 'FORBIDDEN'),
    });
    renderVideo('athlete');
    expect(await screen.findByRole('button', { name: /mark highlight/i })).toBeInTheDocument();
    expect(screen.getByText('by coach')).toBeInTheDocument();
    expect(screen.getByText('by Alex Rivera')).toBeInTheDocument();
    const removeMine = await screen.findByRole('button', { name: 'Remove Highlight 2' });
    expect(screen.queryByRole('button', { name: 'Remove Highlight 1' })).not.toBeInTheDocument();
    await userEvent.setup().click(removeMine);
    await waitFor(() => expect(screen.queryByText('by Alex Rivera')).not.toBeInTheDocument());
    expect(net.call('DELETE', `${path}/highlights/h-40`)).toBeDefined();
  });

  it('shows processing progress and a playable preview', async () => {
    mockFetch({
      [`GET ${path}`]: videoFixture({
        status: 'processing',
        progress: 35,
        sources: { preview: { url: '/storage/p.mp4', width: 640, height: 360 } },
      }),
      'GET /api/user/me': me,
      [`GET ${path}/messages`]: [],
    });
    renderVideo();
    const status = (await screen.findByText('Processing 35%')).closest('[role="status"]')!;
    expect(within(status as HTMLElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '35');
    expect(player().querySelector('video')!.getAttribute('src')).toBe('/storage/p.mp4');
  });

  it('shows why processing failed', async () => {
    mockFetch({
      [`GET ${path}`]: videoFixture({ status: 'failed', failureReason: 'The file is not a video.', sources: {} }),
      'GET /api/user/me': me,
      [`GET ${path}/messages`]: [],
    });
    renderVideo();
    expect(await screen.findByText('The file is not a video.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /video player/i })).not.toBeInTheDocument();
  });

  it('posts a comment and shows it first, each with a relative time', async () => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000 - 5_000).toISOString();
    const older = minutesAgo(2);
    mockFetch({
      [`GET ${path}`]: videoFixture(),
      'GET /api/user/me': me,
      [`GET ${path}/messages`]: [{ _id: 'm1', content: 'Older', publisher: 'ath', timestamp: older }],
      [`POST ${path}/messages`]: json({ _id: 'm2', content: 'Watch the left side', publisher: 'coach', timestamp: new Date().toISOString() }, 201),
    });
    renderVideo();
    await screen.findByText('Older');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message'), 'Watch the left side{Enter}');
    expect(await screen.findByText('Watch the left side')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items.findIndex((t) => t?.includes('Watch the left side'))).toBeLessThan(items.findIndex((t) => t?.includes('Older')));
    expect(screen.getByLabelText('Message')).toHaveValue('');
    const olderTime = within(screen.getByText('Older').closest('li')!).getByText('2 minutes ago');
    expect(olderTime).toHaveAttribute('datetime', older);
    expect(within(screen.getByText('Watch the left side').closest('li')!).getByText('just now')).toBeInTheDocument();
  });

  describe('clips', () => {
    const clipsPath = `/api/user/clips/${key}`;
    function renderWithProbe() {
      return renderApp(`/team/videos/${key}`, {
        routes: [
          { path: '/team/videos/:key', element: <VideoDetail videoKey={key} clipsPath="/team/clips" /> },
          { path: '*', element: <LocationProbe /> },
        ],
        session: signedInSession,
        level: 'team',
      });
    }
    function deferred<T>() {
      let resolve!: (value: T) => void;
      const promise = new Promise<T>((r) => (resolve = r));
      return { promise, resolve };
    }

    it('marks in and out with i and o; Clip cycles Clipping... and Sharing..., ignores clicks meanwhile, then opens the clip', async () => {
      const made = deferred<Response>();
      const reel = deferred<Response>();
      const net = mockFetch({
        [`GET ${path}`]: videoFixture(),
        'GET /api/user/me': me,
        [`GET ${path}/messages`]: [],
        [`GET ${clipsPath}`]: [],
        [`POST ${path}/clips`]: () => made.promise,
        'GET /api/user/reels/reel-9': () => reel.promise,
      });
      renderWithProbe();
      await screen.findByRole('heading', { name: 'Hawks vs Owls' });
      const video = player().querySelector('video')!;
      const user = userEvent.setup();
      video.currentTime = 12;
      await user.keyboard('i');
      video.currentTime = 20.5;
      await user.keyboard('o');
      expect(screen.getByText('In 0:12 · Out 0:20')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Clip' }));
      const busy = await screen.findByRole('button', { name: 'Clipping...' });
      await user.click(busy);
      expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
      expect(net.call('POST', `${path}/clips`)!.body).toEqual({ key, timestamp: 12, duration: 8.5 });

      made.resolve(json(clipFixture({ _id: 'c9', reel_id: 'reel-9' }), 201));
      await user.click(await screen.findByRole('button', { name: 'Sharing...' }));
      expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
      reel.resolve(json(reelFixture({ reelId: 'reel-9' })));
      expect(await screen.findByText('at: /team/clips/reel-9')).toBeInTheDocument();
    });

    it('without marks clips 10 s before to 5 s after the playhead; a refusal shows and the button is back', async () => {
      const net = mockFetch({
        [`GET ${path}`]: videoFixture(),
        'GET /api/user/me': me,
        [`GET ${path}/messages`]: [],
        [`GET ${clipsPath}`]: [],
        [`POST ${path}/clips`]: errorJson(400, 'The start must be within the video', 'VALIDATION'),
      });
      renderWithProbe();
      await screen.findByRole('heading', { name: 'Hawks vs Owls' });
      player().querySelector('video')!.currentTime = 30;
      await userEvent.setup().click(screen.getByRole('button', { name: 'Clip' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The start must be within the video');
      expect(screen.getByRole('button', { name: 'Clip' })).toBeInTheDocument();
      expect(net.call('POST', `${path}/clips`)!.body).toEqual({ key, timestamp: 20, duration: 15 });
    });

    it('refuses an out mark before the in mark without calling the server', async () => {
      const net = mockFetch({ [`GET ${path}`]: videoFixture(), 'GET /api/user/me': me, [`GET ${path}/messages`]: [], [`GET ${clipsPath}`]: [] });
      renderWithProbe();
      await screen.findByRole('heading', { name: 'Hawks vs Owls' });
      const video = player().querySelector('video')!;
      const user = userEvent.setup();
      video.currentTime = 30;
      await user.keyboard('i');
      video.currentTime = 10;
      await user.keyboard('o');
      await user.click(screen.getByRole('button', { name: 'Clip' }));
      expect(screen.getByRole('alert')).toHaveTextContent('The out point must be after the in point');
      expect(net.call('POST', `${path}/clips`)).toBeUndefined();
    });

    it('clips a highlight from its intro to its outro, and lists the video’s clips linking to their pages', async () => {
      const net = mockFetch({
        [`GET ${path}`]: videoFixture({ highlights: [marked(10)] }),
        'GET /api/user/me': me,
        [`GET ${path}/messages`]: [],
        [`GET ${clipsPath}`]: [clipFixture({ _id: 'old', reel_id: 'reel-old', time: '00:01:05', clipTitle: 'Hawks vs Owls' })],
        [`POST ${path}/clips`]: json(clipFixture({ reel_id: 'reel-h' }), 201),
        'GET /api/user/reels/reel-h': reelFixture({ reelId: 'reel-h' }),
      });
      renderWithProbe();
      const card = (await screen.findByText('00:01:05')).closest('a')!;
      expect(card).toHaveAttribute('href', '/team/clips/reel-old');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Clip this highlight: Highlight 1' }));
      expect(await screen.findByText('at: /team/clips/reel-h')).toBeInTheDocument();
      expect(net.call('POST', `${path}/clips`)!.body).toEqual({ key, timestamp: 7, duration: 8 });
    });
  });
});
