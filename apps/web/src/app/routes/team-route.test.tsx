import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Component as TeamPage } from '@/app/routes/team-route';
import { clipFixture } from '@/test/clip-fixture';
import { errorJson, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { videoFixture } from '@/test/video-fixture';

const team = {
  description: 'Riverside Hawks',
  owner: 'coach',
  channel: 'main',
  members: {
    coach: { username: 'coach', name: 'Casey Coach', sport: null, city: null, image: null },
    ath: { username: 'ath', name: 'Alex Athlete', sport: 'IHK', city: null, image: null },
  },
};

function renderDashboard() {
  return renderApp('/team', { routes: [{ path: '/team', element: <TeamPage /> }], session: signedInSession, level: 'team' });
}

describe('Team dashboard', () => {
  it('shows the team and its two newest videos, each opening /team/videos/{key}', async () => {
    const net = mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/videos': {
        items: [videoFixture({ key: 'new', title: 'Hawks vs Owls' }), videoFixture({ key: 'old', title: null })],
        next: null,
      },
    });
    renderDashboard();
    expect(await screen.findByText('Riverside Hawks')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Team members' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Casey Coach',
      'Alex Athlete',
    ]);
    expect((await screen.findByText('Hawks vs Owls')).closest('a')).toHaveAttribute('href', '/team/videos/new');
    expect(screen.getByText('Video').closest('a')).toHaveAttribute('href', '/team/videos/old');
    const videosCall = net.calls.find((c) => c.path === '/api/user/videos')!;
    expect(videosCall.url.searchParams.get('limit')).toBe('2');
  });

  it('says when the user is in no team and when there are no videos yet', async () => {
    mockFetch({
      'GET /api/user/team': { error: 'You are not a member of a team' },
      'GET /api/user/videos': { items: [], next: null },
    });
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not a member of a team');
    expect(await screen.findByText('Your latest game videos will appear here.')).toBeInTheDocument();
  });

  it('a failed team call reads as not being a member; a failed video list as empty', async () => {
    mockFetch({
      'GET /api/user/team': errorJson(500, 'Database unavailable'),
      'GET /api/user/videos': errorJson(500, 'Database unavailable'),
    });
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not a member of a team');
    expect(await screen.findByText('Your latest game videos will appear here.')).toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  it("shows the team's three newest clips under New Clips (GET /api/team/clips), each opening /team/clips/{reel_id}", async () => {
    const net = mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/videos': { items: [], next: null },
      'GET /api/team/clips': {
        items: [clipFixture({ _id: 'a', reel_id: 'ra', time: '00:00:05' }), clipFixture({ _id: 'b', reel_id: 'rb', time: '01:02:03' })],
        next: null,
      },
    });
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'New clips' });
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/team/clips/ra', '/team/clips/rb']);
    expect(within(list).getByText('01:02:03')).toBeInTheDocument();
    expect(net.calls.find((c) => c.path === '/api/team/clips')!.url.searchParams.get('limit')).toBe('3');
  });

  it('says where new clips will appear when there are none', async () => {
    mockFetch({ 'GET /api/user/team': team, 'GET /api/user/videos': { items: [], next: null }, 'GET /api/team/clips': { items: [], next: null } });
    renderDashboard();
    expect(await screen.findByText('New highlights from your games will appear here.')).toBeInTheDocument();
  });

  it('shows the three newest board messages and activity items, each opening what it is about', async () => {
    const item = (over: Record<string, unknown>) => ({
      subject: '', publisher: 'coach', content: '', timestamp: Date.now(), type: null, action: null, recipients: [],
      channel: { owner: 'coach', channel: 'main' }, preview: null, replies: 0, ...over,
    });
    const net = mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/videos': { items: [], next: null },
      'GET /api/team/buddies': [{ _id: '1', username: 'coach', name: 'Casey Coach', image: null }],
      'GET /api/team/board': { items: [item({ _id: 'm1', subject: 'Practice moved', replies: 2 })], next: null },
      'GET /api/team/activity': {
        items: [
          item({ _id: 'a1', content: 'A new video is ready', type: 'video', action: 'v1' }),
          item({ _id: 'a2', content: 'Final: Hawks vs Owls', type: 'live', action: 'k1', ended: true }),
        ],
        next: null,
      },
    });
    renderDashboard();
    const messages = await screen.findByRole('list', { name: 'Latest messages' });
    expect(within(messages).getByRole('link')).toHaveAttribute('href', '/team/messages/m1');
    expect(within(messages).getByRole('link')).toHaveTextContent('Practice moved');
    expect(await within(messages).findByText('Casey Coach')).toBeInTheDocument();
    const activity = await screen.findByRole('list', { name: 'Latest activity' });
    expect(within(activity).getByRole('link', { name: 'A new video is ready' })).toHaveAttribute('href', '/video/v1');
    // A finished game is its recording.
    expect(within(activity).getByRole('link', { name: 'Final: Hawks vs Owls' })).toHaveAttribute('href', '/live/archives/k1');
    expect(net.calls.find((c) => c.path === '/api/team/board')!.url.searchParams.get('limit')).toBe('3');
    expect(net.calls.find((c) => c.path === '/api/team/activity')!.url.searchParams.get('limit')).toBe('3');
  });

  it('shows the next three schedule items with my answer, each opening its page; past ones left out', async () => {
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const scheduled = (id: string, title: string, hours: number, over: Record<string, unknown> = {}) => ({
      _id: id, kind: 'practice', title, start: at(hours), end: at(hours + 1), timeZone: 'UTC', location: '', notes: '',
      status: 'scheduled', liveKey: null, series: null, rsvp: { going: 0, maybe: 0, no: 0, none: 3 }, myRsvp: null, ...over,
    });
    mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/videos': { items: [], next: null },
      'GET /api/team/schedule': {
        items: [
          scheduled('s0', 'Yesterday practice', -20),
          scheduled('s1', 'Practice', 24, { myRsvp: 'going' }),
          scheduled('s2', 'Hawks vs Owls', 50, { kind: 'game', myRsvp: 'no' }),
          scheduled('s3', 'Team dinner', 80, { kind: 'event', status: 'cancelled' }),
          scheduled('s4', 'Later practice', 200),
        ],
      },
    });
    renderDashboard();
    const coming = await screen.findByRole('list', { name: 'Coming up' });
    const links = within(coming).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/team/schedule/s1', '/team/schedule/s2', '/team/schedule/s3']);
    expect(links[0]).toHaveTextContent('Going');
    expect(links[1]).toHaveTextContent("Can't");
    expect(links[2]).toHaveTextContent('Cancelled');
  });
});
