import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { chunkFixture, reelFixture } from '@/test/clip-fixture';
import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { installIntersectionObserver } from '@/test/intersection-observer';
import { renderApp } from '@/test/render-app';

let list: ReturnType<typeof installIntersectionObserver>;

const fallback = { hydrateFallbackElement: <p>Loading</p> };
const routes = [
  { path: '/library/reels', lazy: () => import('@/features/reels/routes/library-reels-page'), ...fallback },
  { path: '/library/reels/all', lazy: () => import('@/features/reels/routes/library-all-reels-page'), ...fallback },
];
const noClips = { 'GET /api/user/clips': { items: [], next: null } };

function renderList(path = '/library/reels') {
  return renderApp(path, { routes, session: signedInSession, level: 'team' });
}

describe('Reels list (/library/reels, /library/reels/all)', () => {
  beforeEach(() => {
    list = installIntersectionObserver();
  });

  it('shows my reels as a card grid: first chunk poster, title or Untitled reel, clip count, Play and Edit; the cards themselves are no links', async () => {
    mockFetch({
      ...noClips,
      'GET /api/user/reels': {
        items: [
          reelFixture({
            reelId: 'r1',
            title: 'Best defence',
            chunks: [chunkFixture({ clip: 'a', poster: '/storage/a/poster.jpg?sig=1' }), chunkFixture({ clip: 'b' }), chunkFixture({ clip: 'c' })],
          }),
          reelFixture({ reelId: 'r2', title: '  ', chunks: [chunkFixture({ clip: 'd', source: '/storage/v/full.mp4?sig=2#t=3,8', poster: null })] }),
        ],
        next: null,
      },
    });
    renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reels' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Reels' })).toHaveAttribute('href', '/library/reels/all');
    const cards = within(await screen.findByRole('list', { name: 'Reels' })).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Best defence', 'Untitled reel']);

    const [best, untitled] = cards;
    expect(best).toHaveTextContent('3 clips');
    expect(best!.querySelector('img')).toHaveAttribute('src', '/storage/a/poster.jpg?sig=1');
    expect(within(best!).getByRole('link', { name: 'Play Best defence' })).toHaveAttribute('href', '/library/reels/r1');
    expect(within(best!).getByRole('link', { name: 'Edit Best defence' })).toHaveAttribute('href', '/library/reels/r1/edit');
    expect(within(best!).getAllByRole('link')).toHaveLength(2);
    expect(best!.closest('a')).toBeNull();

    expect(untitled).toHaveTextContent('1 clip');
    expect(untitled).not.toHaveTextContent('1 clips');
    expect(untitled!.querySelector('video')).toHaveAttribute('src', '/storage/v/full.mp4?sig=2#t=3,8');
    expect(within(untitled!).getByRole('link', { name: 'Play Untitled reel' })).toHaveAttribute('href', '/library/reels/r2');
  });

  it("says 'No Reels?' / 'Reels are collections of clips.' when I have none", async () => {
    mockFetch({ ...noClips, 'GET /api/user/reels': { items: [], next: null } });
    renderList('/library/reels/all');
    expect(await screen.findByText('No Reels?')).toBeInTheDocument();
    expect(screen.getByText('Reels are collections of clips.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All Reels' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Reels' })).not.toBeInTheDocument();
  });

  it('fetches the next page at the end of the grid with the last timestamp as cursor', async () => {
    const net = mockFetch({
      ...noClips,
      'GET /api/user/reels': (call) =>
        call.url.searchParams.get('timestamp')
          ? json({ items: [reelFixture({ reelId: 'old', title: 'Last season' })], next: null })
          : json({ items: [reelFixture({ reelId: 'new', title: 'This week', timestamp: 1_741_111_200_000 })], next: 1_741_111_200_000 }),
    });
    renderList('/library/reels/all');
    await screen.findByRole('article', { name: 'This week' });
    list.scrollToEnd();
    expect(await screen.findByRole('article', { name: 'Last season' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Reels' })).getAllByRole('article')).toHaveLength(2);
    const pages = net.calls.filter((c) => c.path === '/api/user/reels');
    expect(pages.map((p) => p.url.searchParams.get('timestamp'))).toEqual([null, '1741111200000']);
    expect(pages[0]!.url.searchParams.get('limit')).toBe('12');
  });

  it('keeps my reels when the next page fails, says why, and Load more asks for it again', async () => {
    let failed = false;
    mockFetch({
      ...noClips,
      'GET /api/user/reels': (call) => {
        if (!call.url.searchParams.get('timestamp')) return json({ items: [reelFixture({ reelId: 'new', title: 'This week' })], next: 1_741_111_200_000 });
        if (failed) return json({ items: [reelFixture({ reelId: 'old', title: 'Last season' })], next: null });
        failed = true;
        return errorJson(500, 'Server down');
      },
    });
    renderList('/library/reels/all');
    await screen.findByRole('article', { name: 'This week' });
    list.scrollToEnd();
    expect(await screen.findByText('Server down')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'This week' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Last season' })).toBeInTheDocument();
  });

  it('says why the reels could not be loaded instead of showing the empty state', async () => {
    mockFetch({ ...noClips, 'GET /api/user/reels': errorJson(500, 'Server down') });
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    expect(screen.queryByText('No Reels?')).not.toBeInTheDocument();
  });
});
