import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Component as LibraryPage } from '@/app/routes/library-route';
import { chunkFixture, clipFixture, reelFixture } from '@/test/clip-fixture';
import { errorJson, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const empty = { items: [], next: null };

function renderLibrary(routes: Record<string, object>) {
  const net = mockFetch({ 'GET /api/user/videos': empty, 'GET /api/user/clips': empty, 'GET /api/user/reels': empty, ...routes });
  const { unmount } = renderApp('/library', { routes: [{ path: '/library', element: <LibraryPage /> }], session: signedInSession, level: 'team' });
  return { net, unmount };
}

/** A section of the library home, found by its heading. */
const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest<HTMLElement>('[data-slot="card"]')!;

describe('Library home: Reels', () => {
  it('shows my newest reels as cards opening each reel: first chunk poster, title or Untitled reel, clip count; All Reels link', async () => {
    const { net } = renderLibrary({
      'GET /api/user/reels': {
        items: [
          reelFixture({
            reelId: 'r1',
            title: 'Best defence',
            chunks: [chunkFixture({ clip: 'a', poster: '/storage/a/poster.jpg?sig=1' }), chunkFixture({ clip: 'b', poster: '/storage/b/poster.jpg?sig=2' })],
          }),
          // Not cut yet: its first chunk's video stands in for the poster.
          reelFixture({ reelId: 'r 2', title: null, chunks: [chunkFixture({ clip: 'c', source: '/storage/v/full.mp4?sig=3#t=4,9', poster: null })] }),
        ],
        next: 1_741_111_200_000,
      },
    });
    const cards = within(await screen.findByRole('list', { name: 'Recent reels' })).getAllByRole('link');
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(['/library/reels/r1', '/library/reels/r%202']);
    expect(cards[0]).toHaveTextContent('Best defence2 clips');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/storage/a/poster.jpg?sig=1');
    expect(cards[1]).toHaveTextContent('Untitled reel1 clip');
    expect(cards[1]!.querySelector('video')).toHaveAttribute('src', '/storage/v/full.mp4?sig=3#t=4,9');
    expect(within(section('Reels')).getByRole('link', { name: 'All Reels' })).toHaveAttribute('href', '/library/reels/all');
    expect(net.call('GET', '/api/user/reels')!.url.searchParams.get('limit')).toBe('4');
  });

  it("says 'No Reels?' / 'Reels are collections of clips.' when I have none", async () => {
    renderLibrary({});
    expect(await within(section('Reels')).findByText('No Reels?')).toBeInTheDocument();
    expect(within(section('Reels')).getByText('Reels are collections of clips.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recent reels' })).not.toBeInTheDocument();
  });

  it('falls back to the empty state when the reels cannot be loaded', async () => {
    renderLibrary({ 'GET /api/user/reels': errorJson(500, 'Down') });
    expect(await within(section('Reels')).findByText('No Reels?')).toBeInTheDocument();
  });
});

describe('Library home: Clips', () => {
  it('shows my four newest clips (made or saved) as cards opening each clip, with the All Clips link', async () => {
    const { net } = renderLibrary({
      'GET /api/user/clips': {
        items: [
          clipFixture({ _id: 'a', reel_id: 'ra', clipTitle: 'Hawks vs Owls', time: '00:12:04' }),
          clipFixture({ _id: 'b', reel_id: 'rb', clipTitle: 'Semifinal', time: '01:00:30', description: 'Saved from Kim' }),
        ],
        next: 1_741_111_200_000,
      },
    });
    const cards = within(await screen.findByRole('list', { name: 'New clips' })).getAllByRole('link');
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(['/library/clips/ra', '/library/clips/rb']);
    expect(cards[0]).toHaveTextContent('Hawks vs Owls00:12:04');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/storage/clips/a/poster.jpg?sig=a');
    expect(cards[1]).toHaveTextContent('Semifinal01:00:30Saved from Kim');
    expect(within(section('Clips')).getByRole('link', { name: 'All Clips' })).toHaveAttribute('href', '/library/clips/all');
    expect(net.call('GET', '/api/user/clips')!.url.searchParams.get('limit')).toBe('4');
  });

  it('says what will appear there when I have no clips, and when they cannot be loaded', async () => {
    const first = renderLibrary({});
    expect(await within(section('Clips')).findByText('Highlights you make or save will appear here.')).toBeInTheDocument();
    first.unmount();
    renderLibrary({ 'GET /api/user/clips': errorJson(500, 'Down') });
    expect(await within(section('Clips')).findByText('Highlights you make or save will appear here.')).toBeInTheDocument();
  });
});
