import type { Level } from '@app/contracts/levels';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ClipGrid } from '@/features/clips/components/clip-grid';
import { clipFixture } from '@/test/clip-fixture';
import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { installIntersectionObserver } from '@/test/intersection-observer';
import { renderApp } from '@/test/render-app';

let list: ReturnType<typeof installIntersectionObserver>;

function renderGrid(level: Level = 'team') {
  return renderApp('/library/clips', {
    routes: [{ path: '/library/clips', element: <ClipGrid scope="mine" basePath="/library/clips" videosPath="/library/videos" /> }],
    session: signedInSession,
    level,
  });
}

describe('ClipGrid', () => {
  beforeEach(() => {
    list = installIntersectionObserver();
  });

  it('shows each clip with its source title and time, opening its reel; the poster, or the chunk video before it is cut', async () => {
    const net = mockFetch({
      'GET /api/user/clips': {
        items: [
          clipFixture({ _id: 'cut', reel_id: 'r-cut', clipTitle: 'Hawks vs Owls', time: '00:12:04' }),
          clipFixture({ _id: 'fresh', reel_id: 'r-fresh', clip_id: 99000, clipTitle: 'Semifinal', time: '01:00:30', poster: null }),
        ],
        next: null,
      },
      'GET /api/user/clips/11111111-1111-4111-8111-111111111111/99000/chunk': {
        source: '/storage/v/full.mp4?sig=b#t=99,114',
        mediaExpiresAt: '2999-01-01T00:00:00.000Z',
      },
    });
    renderGrid();
    // A long source title stays on one line; the tooltip has all of it.
    expect(await screen.findByText('Hawks vs Owls')).toHaveAttribute('title', 'Hawks vs Owls');
    const cut = (await screen.findByText('Hawks vs Owls')).closest('a')!;
    expect(cut).toHaveAttribute('href', '/library/clips/r-cut');
    expect(within(cut).getByText('00:12:04')).toBeInTheDocument();
    expect(cut.querySelector('img')).toHaveAttribute('src', '/storage/clips/cut/poster.jpg?sig=a');
    const fresh = screen.getByText('Semifinal').closest('a')!;
    expect(fresh).toHaveAttribute('href', '/library/clips/r-fresh');
    await vi.waitFor(() => expect(fresh.querySelector('video')).toHaveAttribute('src', '/storage/v/full.mp4?sig=b#t=99,114'));
    expect(net.calls.filter((c) => c.path.endsWith('/chunk'))).toHaveLength(1);
  });

  it('fetches the next page with the last timestamp as cursor at the end of the grid', async () => {
    const net = mockFetch({
      'GET /api/user/clips': (call) =>
        call.url.searchParams.get('timestamp')
          ? json({ items: [clipFixture({ _id: 'older', clipTitle: 'Older game' })], next: null })
          : json({ items: [clipFixture({ _id: 'newer', clipTitle: 'Newer game' })], next: 1_741_111_200_000 }),
    });
    renderGrid();
    await screen.findByText('Newer game');
    list.scrollToEnd();
    expect(await screen.findByText('Older game')).toBeInTheDocument();
    const pages = net.calls.filter((c) => c.path === '/api/user/clips');
    expect(pages.map((p) => p.url.searchParams.get('timestamp'))).toEqual([null, '1741111200000']);
    expect(pages[0]!.url.searchParams.get('limit')).toBe('12');
  });

  it.each([
    ['team', 'Go to your Videos and start creating clips there', true],
    ['athlete', 'Go to your Videos and start creating clips there', true],
    ['fan', 'Find clips in the accounts you follow and save them: they will appear here.', false],
  ] as const)('has the empty state for the %s level', async (level, text, videosLink) => {
    mockFetch({ 'GET /api/user/clips': { items: [], next: null } });
    renderGrid(level);
    expect(await screen.findByText('No Clips?')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    if (videosLink) expect(screen.getByRole('link', { name: 'Videos' })).toHaveAttribute('href', '/library/videos');
    else expect(screen.queryByRole('link', { name: 'Videos' })).not.toBeInTheDocument();
  });

  it('says when the clips could not be loaded, with a retry', async () => {
    mockFetch({ 'GET /api/user/clips': errorJson(500, 'Server down') });
    renderGrid();
    expect(await screen.findByText('Server down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
