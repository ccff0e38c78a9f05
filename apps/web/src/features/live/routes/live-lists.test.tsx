import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { listOf, streamFixture } from '@/test/live-fixture';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const ended = streamFixture({ streamKey: 'evt-old', live: false, status: 'ended', title: 'Hawks vs Bulls', viewers: 0, endedAt: '2026-03-01T21:00:00.000Z' });
const upcoming = streamFixture({ streamKey: 'evt-up', live: false, status: 'upcoming', title: 'Hawks vs Bears', viewers: 0 });

describe('/live/upcoming and /live/archives', () => {
  it('lists upcoming games, each opening its details page', async () => {
    const net = mockFetch({ 'GET /api/team/upcoming': listOf([upcoming], 1_773_000_000_000) });
    renderApp('/live/upcoming', { routes: pageRoutes('/live/upcoming', () => import('@/features/live/routes/upcoming-page')), session: signedInSession });
    const list = await screen.findByRole('list', { name: 'Upcoming games' });
    expect(within(list).getByRole('link', { name: /Hawks vs Bears/ })).toHaveAttribute('href', '/live/upcoming/evt-up');
    expect(net.call('GET', '/api/team/upcoming')?.url.searchParams.get('timestamp')).toBeNull();
  });

  it('lists past games opening their recording, and says when there are none yet', async () => {
    mockFetch({ 'GET /api/team/archives': listOf([ended]) });
    const routes = pageRoutes('/live/archives', () => import('@/features/live/routes/archives-page'));
    const first = renderApp('/live/archives', { routes, session: signedInSession });
    expect(await screen.findByRole('link', { name: /Hawks vs Bulls/ })).toHaveAttribute('href', '/live/archives/evt-old');
    first.unmount();

    mockFetch({ 'GET /api/team/archives': listOf([]) });
    renderApp('/live/archives', { routes, session: signedInSession });
    expect(await screen.findByText('No recordings yet')).toBeInTheDocument();
  });

  it('shows the error of a list that failed, with a retry', async () => {
    mockFetch({ 'GET /api/team/upcoming': errorJson(500, 'Database unavailable') });
    renderApp('/live/upcoming', { routes: pageRoutes('/live/upcoming', () => import('@/features/live/routes/upcoming-page')), session: signedInSession });
    expect(await screen.findByText('Could not load upcoming games')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/sport/:code', () => {
  const routes = pageRoutes('/sport/:code', () => import('@/features/live/routes/sport-page'));

  it("reads the code in any case, 'iho' as ice hockey, and lists that sport's games", async () => {
    const net = mockFetch({
      'GET /api/sports/IHK/events': (call) => json(listOf(call.url.searchParams.get('status') === 'ended' ? [] : [streamFixture()])),
      'GET /api/teams/coach/main/follow': { following: true },
    });
    renderApp('/sport/iho', { routes, session: signedInSession, level: 'fan' });
    expect(await screen.findByRole('heading', { name: 'Ice Hockey' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Ice Hockey games: live now' });
    expect(within(list).getByRole('link', { name: /Hawks vs Owls/ })).toHaveAttribute('href', '/live/evt-live-000000000001');
    expect(await within(list).findByRole('button', { name: 'Follow Hawks', pressed: true })).toBeInTheDocument();
    expect(net.call('GET', '/api/sports/IHK/events')).toBeDefined();
  });

  it('keeps a finished game as a recent result, after the upcoming ones, opening its recording', async () => {
    const bears = streamFixture({ ...upcoming, title: 'Hawks vs Bears', sport: 'IHK' });
    const net = mockFetch({
      'GET /api/sports/IHK/events': (call) => json(call.url.searchParams.get('status') === 'ended' ? listOf([{ ...ended, sport: 'IHK' }]) : listOf([bears])),
      'GET /api/teams/coach/main/follow': { following: false },
    });
    renderApp('/sport/iho', { routes, session: signedInSession, level: 'fan' });
    const results = await screen.findByRole('list', { name: 'Ice Hockey games: recent results' });
    expect(within(results).getByRole('link', { name: /Hawks vs Bulls/ })).toHaveAttribute('href', '/live/archives/evt-old');
    expect(screen.getAllByRole('list', { name: /^Ice Hockey games: / }).map((l) => l.getAttribute('aria-label'))).toEqual([
      'Ice Hockey games: upcoming',
      'Ice Hockey games: recent results',
    ]);
    expect(screen.queryByText('No games yet')).not.toBeInTheDocument();
    expect(net.call('GET', '/api/sports/IHK/events')).toBeDefined();
  });

  it('says "No games yet" only when nothing is live, upcoming or finished', async () => {
    mockFetch({ 'GET /api/sports/IHK/events': listOf([]) });
    renderApp('/sport/iho', { routes, session: signedInSession, level: 'fan' });
    expect(await screen.findByText('No games yet')).toBeInTheDocument();
  });

  it('says clearly when the code names no sport, without asking the server', async () => {
    const net = mockFetch({});
    renderApp('/sport/xyz', { routes, session: signedInSession, level: 'fan' });
    expect(await screen.findByText('No sport "xyz"')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});
