import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { clipFixture } from '@/test/clip-fixture';
import { json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { installIntersectionObserver } from '@/test/intersection-observer';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

let list: ReturnType<typeof installIntersectionObserver>;

describe('the clip pages', () => {
  beforeEach(() => {
    list = installIntersectionObserver();
  });

  it("/team/clips lists the team's clips (GET /api/team/clips), the next page on scroll, each opening its team page", async () => {
    const net = mockFetch({
      'GET /api/team/clips': (call) =>
        call.url.searchParams.get('timestamp')
          ? json({ items: [clipFixture({ _id: 'older', reel_id: 'r-older', clipTitle: 'Older game' })], next: null })
          : json({ items: [clipFixture({ _id: 'coach', reel_id: 'r-coach', clipTitle: "Coach's cut" })], next: 1_741_111_200_000 }),
    });
    renderApp('/team/clips', { routes: pageRoutes('/team/clips', () => import('@/features/clips/routes/team-clips-page')), session: signedInSession, level: 'athlete' });
    expect(await screen.findByRole('heading', { name: 'Clips' })).toBeInTheDocument();
    expect(screen.getByText("Highlights cut from your team's games.")).toBeInTheDocument();
    expect((await screen.findByText("Coach's cut")).closest('a')).toHaveAttribute('href', '/team/clips/r-coach');
    list.scrollToEnd();
    expect(await screen.findByText('Older game')).toBeInTheDocument();
    const pages = net.calls.filter((c) => c.path === '/api/team/clips');
    expect(pages.map((p) => p.url.searchParams.get('timestamp'))).toEqual([null, '1741111200000']);
    expect(net.calls.filter((c) => c.path === '/api/user/clips')).toHaveLength(0);
  });

  it('/library/clips keeps my clips (GET /api/user/clips), made or saved', async () => {
    const net = mockFetch({ 'GET /api/user/clips': { items: [clipFixture({ _id: 'mine', reel_id: 'r-mine', clipTitle: 'My save' })], next: null } });
    renderApp('/library/clips', {
      routes: pageRoutes('/library/clips', () => import('@/features/clips/routes/library-clips-page')),
      session: signedInSession,
      level: 'athlete',
    });
    expect((await screen.findByText('My save')).closest('a')).toHaveAttribute('href', '/library/clips/r-mine');
    expect(net.calls.filter((c) => c.path === '/api/team/clips')).toHaveLength(0);
  });
});
