import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { errorJson, json, mockFetch, type FetchCall } from '@/test/fetch-mock';
import { errorOf } from '@/test/field-error';
import { signedInSession } from '@/test/fixtures';
import { listOf, streamFixture } from '@/test/live-fixture';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const routes = pageRoutes('/live', () => import('@/features/live/routes/live-page'));

const upcoming = streamFixture({
  streamKey: 'evt-up-1',
  live: false,
  status: 'upcoming',
  title: 'Semifinal',
  teamB: 'Bears',
  viewers: 0,
  dateTime: '2026-03-15T18:00:00.000Z',
  thumbnail: '/img/bears.jpg',
});
const ended = streamFixture({
  streamKey: 'evt-old-1',
  live: false,
  status: 'ended',
  title: 'Season opener',
  teamA: 'Hawks',
  teamB: null,
  sport: 'BBK',
  viewers: 0,
  dateTime: '2026-03-01T18:00:00.000Z',
  endedAt: '2026-03-01T20:00:00.000Z',
});

/** The calls every render of the page makes; a test overrides what it looks at. */
function api(overrides: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /api/team/live': listOf([streamFixture()]),
    'GET /api/team/upcoming': listOf([upcoming]),
    'GET /api/team/archives': listOf([ended]),
    'GET /api/events': (call: FetchCall) => json(call.url.searchParams.get('status') === 'ended' ? listOf([ended]) : listOf([streamFixture(), upcoming])),
    'GET /api/teams/coach/main/follow': { following: false },
    ...overrides,
  });
}

describe('/live', () => {
  it('shows the live game with its LIVE badge and viewers, and the upcoming games with their thumbnails', async () => {
    api();
    renderApp('/live', { routes, session: signedInSession, level: 'fan' });
    const card = within(await screen.findByRole('region', { name: 'Live now' })).getAllByRole('link')[0]!;
    expect(card).toHaveTextContent('Hawks vs Owls');
    expect(card).toHaveAttribute('href', '/live/evt-live-000000000001');
    expect(within(card).getByText('Live')).toBeInTheDocument();
    expect(within(card).getByText('12 viewers')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Upcoming games' });
    const row = within(list).getByRole('link', { name: /Hawks vs Bears/ });
    expect(row).toHaveAttribute('href', '/live/upcoming/evt-up-1');
    expect(row.querySelector('img')).toHaveAttribute('src', '/img/bears.jpg');
    // The finished games follow, each opening its recording and highlights.
    const results = await screen.findByRole('list', { name: 'Recent results' });
    expect(within(results).getByRole('link', { name: /Season opener/ })).toHaveAttribute('href', '/live/archives/evt-old-1');
    expect(screen.getByRole('link', { name: 'View all Recent Results' })).toHaveAttribute('href', '/live/archives');
    // A fan gets no Set Up Stream form.
    expect(screen.queryByRole('button', { name: 'Set Up Stream' })).not.toBeInTheDocument();
  });

  it('says when nothing is live, and offers a retry when the live list fails', async () => {
    let fail = true;
    api({
      'GET /api/team/live': () => (fail ? errorJson(500, 'Database unavailable') : json(listOf([]))),
      'GET /api/team/upcoming': listOf([]),
      'GET /api/events': listOf([]),
    });
    renderApp('/live', { routes, session: signedInSession, level: 'fan' });
    expect(await screen.findByText('Could not load the live game')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing live right now')).toBeInTheDocument();
    expect(await screen.findByText('No games scheduled yet.')).toBeInTheDocument();
    expect(await screen.findByText('No games yet')).toBeInTheDocument();
  });

  it("checks the event form field by field on blur with the product's messages, and shows 409 as 'Username already exists'", async () => {
    const net = api({ 'POST /api/events': errorJson(409, 'An event with this title already starts then.', 'CONFLICT') });
    const user = userEvent.setup();
    renderApp('/live', { routes, session: signedInSession, level: 'team' });
    const title = await screen.findByLabelText('Event title');
    const date = screen.getByLabelText('Date and time');
    const sport = screen.getByLabelText('Sport');

    await user.click(title);
    await user.tab();
    await waitFor(() => expect(errorOf(title)).toBe('Event title is required'));
    // Only the fields left so far show their message.
    expect(date).toHaveAttribute('aria-invalid', 'false');
    await user.click(date);
    await user.tab();
    await waitFor(() => expect(errorOf(date)).toBe('Event date is required'));
    await user.click(sport);
    await user.tab();
    await waitFor(() => expect(errorOf(sport)).toBe('Sport is required'));

    await user.type(title, 'Hawks vs Owls');
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'false'));
    await user.type(date, '2026-03-08T19:30');
    await user.selectOptions(sport, 'Ice Hockey');
    await user.click(screen.getByRole('switch', { name: /Public event/ }));
    await user.click(screen.getByRole('button', { name: 'Set Up Stream' }));

    expect(await screen.findByText('Username already exists')).toBeInTheDocument();
    expect(net.call('POST', '/api/events')?.body).toEqual({
      title: 'Hawks vs Owls',
      date: new Date('2026-03-08T19:30').toISOString(),
      type: 'IHK',
      thumbnail: '',
      public: true,
    });
  });

  it('replaces the form with the server and the masked key as OBS asks for them, the full URL, a Copy for each and a confirmed new key', async () => {
    const net = api({
      'POST /api/events': json({ key: 'evt-new', ingestKey: 'secret-1' }, 201),
      'POST /api/events/evt-new/ingest': { ingestKey: 'secret-2' },
    });
    const user = userEvent.setup();
    renderApp('/live', { routes, session: signedInSession, level: 'team' });
    await user.type(await screen.findByLabelText('Event title'), 'Final');
    await user.type(screen.getByLabelText('Date and time'), '2026-03-08T19:30');
    await user.selectOptions(screen.getByLabelText('Sport'), 'FTB');
    await user.click(screen.getByRole('button', { name: 'Set Up Stream' }));

    expect(await screen.findByText('Setup your encoder with this key')).toBeInTheDocument();
    expect(screen.getByLabelText('Server')).toHaveValue('rtmp://localhost:1935/live');
    // What OBS's key field takes is the key alone, hidden until revealed.
    expect(screen.getByLabelText('Stream key')).toHaveValue('••••••••••••••••');
    expect(screen.getByLabelText('Full URL')).toHaveValue('rtmp://localhost:1935/live/••••••••••••••••');
    expect(screen.getByText(/Keyframe Interval 1/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the event page' })).toHaveAttribute('href', '/live/upcoming/evt-new');
    expect(screen.queryByLabelText('Event title')).not.toBeInTheDocument();

    // userEvent gives the page a clipboard of its own to read back.
    await user.click(screen.getByRole('button', { name: 'Copy stream key' }));
    expect(await navigator.clipboard.readText()).toBe('secret-1');
    await user.click(screen.getByRole('button', { name: 'Copy server' }));
    expect(await navigator.clipboard.readText()).toBe('rtmp://localhost:1935/live');
    await user.click(screen.getByRole('button', { name: 'Copy full url' }));
    expect(await navigator.clipboard.readText()).toBe('rtmp://localhost:1935/live/secret-1');
    await user.click(screen.getByRole('button', { name: 'Reveal stream key' }));
    expect(screen.getByLabelText('Stream key')).toHaveValue('secret-1');
    expect(screen.getByRole('button', { name: 'Hide stream key' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'New key' }));
    // Nothing is revoked before the owner confirms.
    expect(net.call('POST', '/api/events/evt-new/ingest')).toBeUndefined();
    await user.click(within(screen.getByRole('group', { name: 'Make a new stream key?' })).getByRole('button', { name: 'Make a new key' }));
    await waitFor(() => expect(screen.getByLabelText('Stream key')).toHaveValue('secret-2'));
    expect(screen.getByLabelText('Full URL')).toHaveValue('rtmp://localhost:1935/live/secret-2');
  });

  it('finds games live now, then upcoming, then recent results, each card naming its teams and sport', async () => {
    const net = api();
    renderApp('/live', { routes, session: signedInSession, level: 'fan' });
    const groups = await screen.findAllByRole('list', { name: /^Games: / });
    await waitFor(() => expect(screen.getAllByRole('list', { name: /^Games: / }).map((l) => l.getAttribute('aria-label'))).toEqual(['Games: live now', 'Games: upcoming', 'Games: recent results']));
    expect(groups[0]).toHaveTextContent('Hawks vs Owls');
    const [live, next, result] = screen.getAllByRole('list', { name: /^Games: / });
    // The title names the teams already: the sport alone; otherwise the teams (or the team) and the sport.
    expect(within(live!).getByText('Ice Hockey')).toBeInTheDocument();
    expect(within(next!).getByText('Hawks vs Bears · Ice Hockey')).toBeInTheDocument();
    expect(within(result!).getByText('Hawks · Basketball')).toBeInTheDocument();
    expect(within(result!).getByText('Final')).toBeInTheDocument();
    expect(within(result!).getByRole('link', { name: /Season opener/ })).toHaveAttribute('href', '/live/archives/evt-old-1');
    expect(net.calls.some((c) => c.path === '/api/events' && c.url.searchParams.get('status') === 'ended')).toBe(true);
  });

  it.each([
    ['fan', 'Watch public games live, see what is coming up and catch the latest results. Follow a team to see its games first.'],
    ['athlete', "Watch your team's games as they happen, and the public games of every team."],
    ['team', "Watch your team's games as they happen, and the public games of every team."],
  ] as const)('words the page for a %s', async (level, text) => {
    api();
    renderApp('/live', { routes, session: signedInSession, level });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('lets a fan search games by team and sport, and follow a team', async () => {
    const net = api({ 'PUT /api/teams/coach/main/follow': { following: true } });
    const user = userEvent.setup();
    renderApp('/live', { routes, session: signedInSession, level: 'fan' });
    const games = await screen.findByRole('list', { name: 'Games: live now' });
    expect(within(games).getAllByRole('listitem')).toHaveLength(1);

    await user.type(screen.getByRole('searchbox', { name: 'Search by team' }), 'hawks');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by sport' }), 'IHK');
    await waitFor(() =>
      expect(net.calls.some((c) => c.path === '/api/events' && c.url.searchParams.get('q') === 'hawks' && c.url.searchParams.get('sport') === 'IHK')).toBe(
        true,
      ),
    );

    // One request per pause in typing, not one per key.
    const searched = net.calls.filter((c) => c.path === '/api/events').map((c) => c.url.searchParams.get('q'));
    expect(searched.filter((q) => q && q !== 'hawks')).toEqual([]);

    const follow = within(games).getAllByRole('button', { name: 'Follow Hawks' })[0]!;
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(follow);
    await waitFor(() => expect(within(games).getAllByRole('button', { name: 'Follow Hawks' })[0]).toHaveAttribute('aria-pressed', 'true'));
    expect(net.call('PUT', '/api/teams/coach/main/follow')).toBeDefined();
  });

  it('offers no Follow on the games of a team the user owns', async () => {
    const me = { userId: 1, userUuid: 'u-1', username: 'coach', type: 'team', updatedAt: '2026-01-01T00:00:00.000Z' };
    api({ 'GET /api/user/me': me });
    renderApp('/live', { routes, session: signedInSession, level: 'team' });
    const games = await screen.findByRole('list', { name: 'Games: upcoming' });
    expect(within(games).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(within(games).queryByRole('button', { name: 'Follow Hawks' })).not.toBeInTheDocument());
  });
});
