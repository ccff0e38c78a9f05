import type { Level } from '@app/contracts/levels';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { videoUpdates } from '@/features/videos/api/updates';
import { VideoGrid } from '@/features/videos/components/video-grid';
import { videoFixture } from '@/test/video-fixture';
import { json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { installIntersectionObserver } from '@/test/intersection-observer';
import { renderApp } from '@/test/render-app';

let list: ReturnType<typeof installIntersectionObserver>;

function renderGrid(level: Level = 'team') {
  return renderApp('/team/videos', {
    routes: [{ path: '/team/videos', element: <VideoGrid basePath="/team/videos" /> }],
    session: signedInSession,
    level,
  });
}

describe('VideoGrid', () => {
  beforeEach(() => {
    list = installIntersectionObserver();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps a long title to one line on the card, the whole of it in the tooltip', async () => {
    const long = `Regional final ${'and a very long description of the game '.repeat(5)}`.trim();
    mockFetch({ 'GET /api/user/videos': { items: [videoFixture({ key: 'long', title: long })], next: null } });
    renderGrid();
    const title = await screen.findByText(long);
    expect(title).toHaveAttribute('title', long);
    expect(title).toHaveClass('truncate');
  });

  it('puts no Delete on any card, not even the owner’s: delete lives on the video’s page', async () => {
    mockFetch({
      'GET /api/user/me': { userId: 7, userUuid: 'uuid-7', username: 'coach' },
      'GET /api/user/videos': { items: [videoFixture({ key: 'mine', title: 'Mine', ownerId: 7 })], next: null },
    });
    renderGrid();
    expect(await screen.findByRole('link', { name: /Mine/ })).toHaveAttribute('href', '/team/videos/mine');
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('shows ready, processing and failed cards, linking to each video', async () => {
    mockFetch({
      'GET /api/user/videos': {
        items: [
          videoFixture({ key: 'a', title: null }),
          videoFixture({ key: 'b', title: 'Scrimmage', status: 'processing', progress: 42, sources: {}, durationSec: null }),
          videoFixture({ key: 'c', title: 'Broken', status: 'failed', failureReason: 'The file has no video stream.' }),
        ],
        next: null,
      },
    });
    renderGrid();
    const untitled = (await screen.findByText('Video')).closest('a')!;
    expect(untitled).toHaveAttribute('href', '/team/videos/a');
    expect(within(untitled).getByText('1:35')).toBeInTheDocument();
    expect(screen.getByText('Processing 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing Scrimmage' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('The file has no video stream.')).toBeInTheDocument();
  });

  it('fetches the next page with the cursor when the end of the grid is reached', async () => {
    const net = mockFetch({
      'GET /api/user/videos': (call) =>
        call.url.searchParams.get('timestamp')
          ? json({ items: [videoFixture({ key: 'older', title: 'Older game' })], next: null })
          : json({ items: [videoFixture({ key: 'newer', title: 'Newer game' })], next: '2025-03-04T18:00:00.000Z' }),
    });
    renderGrid();
    await screen.findByText('Newer game');
    list.scrollToEnd();
    expect(await screen.findByText('Older game')).toBeInTheDocument();
    const pages = net.calls.filter((c) => c.path === '/api/user/videos');
    expect(pages[0]!.url.searchParams.get('limit')).toBe('12');
    expect(pages[1]!.url.searchParams.get('timestamp')).toBe('2025-03-04T18:00:00.000Z');
  });

  it("moves a processing card on when the update stream says the video's state changed", async () => {
    let answer = 0;
    const net = mockFetch({
      'GET /api/user/videos': () =>
        json({
          items: [videoFixture({ key: 'v1', status: answer++ === 0 ? 'processing' : 'ready', progress: answer === 1 ? 10 : 100 })],
          next: null,
        }),
    });
    const { queryClient } = renderGrid();
    expect(await screen.findByText('Processing 10%')).toBeInTheDocument();
    expect(net.calls.filter((c) => c.path === '/api/user/videos')).toHaveLength(1);
    videoUpdates.handlers.video!(queryClient, { _id: 'v1', status: 'ready' }, signedInSession.userId);
    await waitFor(() => expect(screen.queryByText(/Processing/)).not.toBeInTheDocument());
  });

  it.each([
    ['team', 'Upload your videos!', { name: 'Upload', href: '/upload' }],
    ['athlete', 'Upload your videos!', { name: 'Upload', href: '/upload' }],
    ['none', 'Subscribe to upload your videos!', { name: 'Subscribe', href: '/subscribe' }],
    ['fan', "No team games to watch yet. Fans watch and clip their team's games; there is nothing to upload.", { name: 'Watch live games', href: '/live' }],
  ] as const)('has an empty state for the %s level that fits it', async (level, text, link) => {
    mockFetch({ 'GET /api/user/videos': { items: [], next: null } });
    renderGrid(level);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link.name })).toHaveAttribute('href', link.href);
    if (level === 'fan') expect(screen.queryByText(/upload your videos/i)).not.toBeInTheDocument();
  });

  it('says when the videos could not be loaded', async () => {
    mockFetch({ 'GET /api/user/videos': json({ statusCode: 500, code: 'INTERNAL', error: 'x', message: 'Server down' }, 500) });
    renderGrid();
    expect(await screen.findByText('Server down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
