import { act, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';

import { EventPage } from '@/features/live/components/event-page';
import { NO_LONGER_LIVE } from '@/features/live/components/live-view';
import { clipFixture, reelFixture } from '@/test/clip-fixture';
import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { cheersFixture, liveEventFixture } from '@/test/live-fixture';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const key = 'evt-live-000000000001';
// The product text has two spaces after the first sentence: match it as written.
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
// The live page without the app's additions (the code window, composed in by app/routes/live-game-route).
const liveRoutes = pageRoutes('/live/:streamId', async () => ({ Component: LivePage }));
const upcomingRoutes = pageRoutes('/live/upcoming/:streamId', () => import('@/features/live/routes/upcoming-stream-page'));
const archiveRoutes = pageRoutes('/live/archives/:streamId', () => import('@/features/live/routes/archive-stream-page'));

function LivePage() {
  const { streamId = '' } = useParams();
  return <EventPage key={streamId} eventKey={streamId} mode="live" />;
}

function api(overrides: Record<string, unknown> = {}) {
  return mockFetch({
    [`GET /api/live/${key}`]: liveEventFixture(),
    [`GET /api/user/clips/${key}`]: { items: [clipFixture({ stream_id: key, clipTitle: 'Hawks vs Owls', reel_id: 'reel-saved' })], next: null },
    [`GET /api/events/${key}/cheers`]: cheersFixture,
    ...overrides,
  });
}

/** A response the test releases when it wants: to see the button between two steps. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

describe('/live/:streamId', () => {
  it('shows the game with LIVE, viewers, a muted player at 0.1, auto highlights with stars and the saved clips', async () => {
    const net = api();
    renderApp(`/live/${key}`, { routes: liveRoutes, session: signedInSession, level: 'fan' });
    expect(await screen.findByRole('heading', { name: 'Hawks vs Owls', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('12 viewers')).toBeInTheDocument();
    const video = screen.getByRole('region', { name: 'Video player: Hawks vs Owls' }).querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video.volume).toBe(0.1);

    const highlights = await screen.findByRole('list', { name: 'Auto highlights' });
    const items = within(highlights).getAllByRole('button');
    expect(items.map((b) => [b.textContent, b.title])).toEqual([
      ['Highlight 1★★', '★★'],
      ['Highlight 2★★★★★', '★★★★★'],
      ['Highlight 3★★★★', '★★★★'],
    ]);
    expect(within(items[1]!).getByRole('img', { name: '5 of 5 stars' })).toBeInTheDocument();
    expect(net.call('GET', `/api/events/${key}/cheers`)?.url.search).toBe('?omega=1&top=10');
    const saved = await screen.findByRole('list', { name: 'Game highlights' });
    expect(within(saved).getByRole('link')).toHaveAttribute('href', '/library/clips/reel-saved');
    expect(screen.queryByText(NO_LONGER_LIVE, exact)).not.toBeInTheDocument();
  });

  it("cycles the clip label 'Clip', 'Clipping...', 'Sharing...', ignores clicks meanwhile, then opens the clip", async () => {
    const post = deferred();
    const reel = deferred();
    const net = api({
      [`POST /api/user/clips/${key}`]: () => post.promise,
      'GET /api/user/reels/reel-new': () => reel.promise,
    });
    const user = userEvent.setup();
    renderApp(`/live/${key}`, { routes: liveRoutes, session: signedInSession, level: 'team' });
    // Choosing an auto highlight seeks there and offers to clip that moment.
    await user.click(await screen.findByRole('button', { name: /^Highlight 2/ }));
    const highlights = screen.getByRole('list', { name: 'Auto highlights' });
    const clip = within(highlights).getByRole('button', { name: 'Clip' });

    await user.click(clip);
    expect(clip).toHaveTextContent('Clipping...');
    await user.click(clip);
    await user.dblClick(clip);
    post.release(json(clipFixture({ stream_id: key, reel_id: 'reel-new' }), 201));
    await waitFor(() => expect(clip).toHaveTextContent('Sharing...'));
    await user.click(clip);
    reel.release(json(reelFixture({ reelId: 'reel-new' })));

    expect(await screen.findByText('at: /team/clips/reel-new')).toBeInTheDocument();
    const posts = net.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ timestamp: cheersFixture[0]!.timestamp });
  });

  it("saves a clip of 'now' on the server's clock at the live edge, stays on the game and offers it in a toast", async () => {
    const post = deferred();
    const reel = deferred();
    const made = clipFixture({ _id: 'clip-new', stream_id: key, reel_id: 'reel-new', description: 'Goal by #9' });
    const older = clipFixture({ stream_id: key, reel_id: 'reel-saved' });
    // This phone's clock is a minute ahead of the server's.
    const net = api({
      [`GET /api/live/${key}`]: () => json(liveEventFixture({ serverTime: Date.now() - 60_000 })),
      [`GET /api/user/clips/${key}`]: () => json({ items: net.calls.some((c) => c.method === 'POST') ? [made, older] : [older], next: null }),
      [`POST /api/user/clips/${key}`]: () => post.promise,
      'GET /api/user/reels/reel-new': () => reel.promise,
    });
    const user = userEvent.setup();
    renderApp(`/live/${key}`, { routes: liveRoutes, session: signedInSession, level: 'team' });
    const save = within(await screen.findByRole('group', { name: 'Save a clip' })).getByRole('button', { name: 'Save a clip' });

    const pressedAt = Date.now();
    await user.click(save);
    expect(save).toHaveTextContent('Clipping...');
    await user.dblClick(save);
    post.release(json(made, 201));
    await waitFor(() => expect(save).toHaveTextContent('Sharing...'));
    reel.release(json(reelFixture({ reelId: 'reel-new' })));
    await waitFor(() => expect(save).toHaveTextContent('Save a clip'));

    const posts = net.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    // The server's now: a minute before this phone's, give or take the test's own run time.
    const sent = (posts[0]!.body as { timestamp: number }).timestamp;
    expect(sent).toBeGreaterThanOrEqual(pressedAt - 60_000 - 1000);
    expect(sent).toBeLessThanOrEqual(Date.now() - 60_000 + 1000);

    // Still on the game: the clip tops Game Highlights, and the toast offers it.
    expect(screen.queryByText(/^at: /)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Video player: Hawks vs Owls' })).toBeInTheDocument();
    const saved = screen.getByRole('list', { name: 'Game highlights' });
    expect(within(saved).getAllByRole('link')[0]).toHaveTextContent('Goal by #9');
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Clip saved to Game Highlights.');
    expect(within(toast).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/team/clips/reel-new');
    expect(within(toast).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    await user.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('asks to wait, and sends nothing, while the recording of an ended game does not show the time of its picture yet', async () => {
    const net = api({ [`GET /api/live/${key}`]: liveEventFixture({ live: false, status: 'ended', endedAt: '2026-03-08T21:30:00.000Z' }) });
    const user = userEvent.setup();
    renderApp(`/live/${key}`, { routes: liveRoutes, session: signedInSession, level: 'team' });
    const save = await screen.findByRole('group', { name: 'Save a clip' });
    await user.click(within(save).getByRole('button', { name: 'Save a clip' }));
    expect(within(save).getByRole('alert')).toHaveTextContent('Wait for the game to start playing, then save your clip.');
    expect(net.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('tells a viewer without a subscription why they cannot watch, with a Subscribe link and no player', async () => {
    api({
      [`GET /api/live/${key}`]: liveEventFixture({
        source: null,
        sourceExpiresAt: null,
        playable: false,
        playbackError: 'A subscription is required to watch live games.',
      }),
    });
    renderApp(`/live/${key}`, { routes: liveRoutes, session: signedInSession, level: 'none' });
    expect(await screen.findByText('A subscription is required to watch live games.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('region', { name: /Video player/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save a clip' })).not.toBeInTheDocument();
  });

  it('says an ended game is no longer live and still plays its recording', async () => {
    api({ [`GET /api/live/${key}`]: liveEventFixture({ live: false, status: 'ended', endedAt: '2026-03-08T21:30:00.000Z', viewers: 0 }) });
    renderApp(`/live/${key}`, { routes: liveRoutes, session: signedInSession, level: 'fan' });
    expect(await screen.findByText(NO_LONGER_LIVE, exact)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Video player: Hawks vs Owls' })).toBeInTheDocument();
    expect(screen.queryByText('12 viewers')).not.toBeInTheDocument();
  });

  it('says when the game does not exist', async () => {
    api({ [`GET /api/live/${key}`]: errorJson(404, 'Event not found', 'NOT_FOUND') });
    renderApp(`/live/${key}`, { routes: liveRoutes, session: signedInSession, level: 'fan' });
    expect(await screen.findByText('Game not found')).toBeInTheDocument();
  });

  it("shows the owner the stream key only when asked", async () => {
    const net = api({
      [`GET /api/live/${key}`]: liveEventFixture({ owned: true }),
      [`GET /api/events/${key}/ingest`]: { ingestKey: 'secret-9' },
    });
    const user = userEvent.setup();
    renderApp(`/live/${key}`, { routes: liveRoutes, session: signedInSession, level: 'team' });
    await user.click(await screen.findByRole('button', { name: 'Show encoder settings' }));
    await user.click(await screen.findByRole('button', { name: 'Reveal stream key' }));
    expect(screen.getByLabelText('Stream key')).toHaveValue('secret-9');
    expect(net.calls.filter((c) => c.path === `/api/events/${key}/ingest`)).toHaveLength(1);
  });
});

describe('/live/upcoming/:streamId and /live/archives/:streamId', () => {
  it('counts down to the start and becomes the viewer when the game goes live', async () => {
    let event = liveEventFixture({
      live: false,
      status: 'upcoming',
      source: null,
      sourceExpiresAt: null,
      scheduledFor: '2999-01-01T00:00:00.000Z',
      startDate: '2999-01-01T00:00:00.000Z',
      viewers: 0,
    });
    api({ [`GET /api/live/${key}`]: () => json(event) });
    const { queryClient } = renderApp(`/live/upcoming/${key}`, { routes: upcomingRoutes, session: signedInSession, level: 'fan' });
    expect(await screen.findByRole('timer', { name: 'Starts in' })).toHaveTextContent(/^\d+d \d\d:\d\d:\d\d$/);
    expect(screen.queryByRole('region', { name: /Video player/ })).not.toBeInTheDocument();

    event = liveEventFixture();
    // What the 30 s refresh does.
    await act(() => queryClient.refetchQueries());
    expect(await screen.findByRole('region', { name: 'Video player: Hawks vs Owls' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it.each([
    ['/live/archives', archiveRoutes],
    ['/live/upcoming', upcomingRoutes],
  ])('at %s, shows an ended game as /live does: its recording, its clips and the no-longer-live notice', async (path, routes) => {
    api({ [`GET /api/live/${key}`]: liveEventFixture({ live: false, status: 'ended', endedAt: '2026-03-08T21:30:00.000Z', owned: true }) });
    renderApp(`${path}/${key}`, { routes, session: signedInSession, level: 'team' });
    expect(await screen.findByRole('region', { name: 'Video player: Hawks vs Owls' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Game highlights' })).toBeInTheDocument();
    expect(screen.getByText(NO_LONGER_LIVE, exact)).toBeInTheDocument();
  });
});
