import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { errorOf } from '@/test/field-error';
import { signedInSession } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const routes = pageRoutes('/team/members', () => import('@/features/members/routes/members-page'));

const member = (username: string, name: string) => ({ username, name, sport: null, city: null, image: null });
const team = {
  description: 'Riverside Hawks',
  owner: 'coach',
  channel: 'main',
  members: { coach: member('coach', 'Casey Coach'), ath: member('ath', 'Alex Athlete') },
};
const PUBLIC_LINKS = "Public links to your team's footage";
const me = (username: string) => ({ userId: 1, userUuid: 'uuid-1', username, firstname: '', lastname: '', type: 'team', email: `${username}@example.com` });

describe('/team/members', () => {
  it('lists the members; the owner invites by username (leading @ removed) and is told when the input is not valid', async () => {
    const net = mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/me': me('coach'),
      'PUT /api/channel/coach/main/invites': { owner: 'coach', channel: 'main', username: 'newkid', email: null, emailed: true },
      'GET /api/channel/coach/main/invites': { invites: [] },
      'GET /api/team/shared-reels': { items: [] },
    });
    const user = userEvent.setup();
    renderApp('/team/members', { routes, session: signedInSession });
    await screen.findByRole('heading', { name: 'All Members' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    // Avatars show first and last name initials, not the username's first letters.
    expect(rows.map((row) => row.textContent)).toEqual(['CCcoachCoachCasey Coach', 'AAathAlex Athlete']);
    expect(screen.getByRole('link', { name: 'ath' })).toHaveAttribute('href', '/team/members/ath');

    const input = await screen.findByLabelText('Invite a member');
    // The roster comes first, the owner's invite form after it.
    expect(screen.getByRole('table').compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.type(input, 'not valid!');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(errorOf(input)).toBe('Please enter a valid email or plain username.'));
    expect(net.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(input);
    await user.type(input, '@newkid');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Invitation sent to @newkid.'));
    expect(net.calls.find((c) => c.method === 'PUT')?.body).toEqual({ member: 'newkid' });
  });

  it('shows the owner the pending invitations; Revoke withdraws one and confirms it', async () => {
    let pending = [
      { id: 'i2', member: 'late@example.com', createdAt: '2026-05-02T10:00:00.000Z', expiresAt: '2026-05-16T10:00:00.000Z' },
      { id: 'i1', member: 'newkid', createdAt: '2026-05-01T10:00:00.000Z', expiresAt: '2026-05-15T10:00:00.000Z' },
    ];
    const net = mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/me': me('coach'),
      'GET /api/channel/coach/main/invites': () => json({ invites: pending }),
      'GET /api/team/shared-reels': { items: [] },
      'DELETE /api/channel/coach/main/invites/i1': () => {
        pending = pending.filter((i) => i.id !== 'i1');
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/team/members', { routes, session: signedInSession });
    const list = within(await screen.findByRole('region', { name: 'Pending invitations' }));
    await waitFor(() => expect(list.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual(['late@example.com', 'newkid']));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await user.click(list.getByRole('button', { name: 'Revoke the invitation of newkid' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Invitation of newkid revoked.'));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(1));
    expect(list.queryByText('newkid')).not.toBeInTheDocument();
    expect(net.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/channel/coach/main/invites/i1']);
  });

  it('shows a picture only from an address the server accepts, else initials (username without a name)', async () => {
    const members = {
      coach: { ...member('coach', 'Casey Coach'), image: 'https://images.example.com/casey.png' },
      mal: { ...member('mal', 'Mallory Mischief'), image: '/v0/auth/logout' },
      anon: { ...member('anon', ''), name: null },
    };
    mockFetch({ 'GET /api/user/team': { ...team, members }, 'GET /api/user/me': me('anon') });
    const { container } = renderApp('/team/members', { routes, session: signedInSession });
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['', 'MM', 'AN']);
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://images.example.com/casey.png']);
  });

  it('shows no invite form and no public links to a member who is not the owner', async () => {
    const net = mockFetch({ 'GET /api/user/team': team, 'GET /api/user/me': me('ath') });
    renderApp('/team/members', { routes, session: signedInSession });
    await screen.findByRole('table');
    await screen.findByRole('link', { name: 'coach' });
    expect(screen.queryByLabelText('Invite a member')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: PUBLIC_LINKS })).not.toBeInTheDocument();
    expect(net.calls.some((c) => c.path === '/api/team/shared-reels')).toBe(false);
  });

  describe("the public links to the team's footage (owner only)", () => {
    const shared = [
      { reelId: 'r1', title: 'Best of the week', maker: 'ath', ownClip: false, timestamp: Date.parse('2026-05-03T10:00:00Z') },
      { reelId: 'r2', title: null, maker: 'coach', ownClip: false, timestamp: Date.parse('2026-05-02T10:00:00Z') },
      { reelId: 'c3', title: null, maker: 'ath', ownClip: true, timestamp: Date.parse('2026-05-01T10:00:00Z') },
    ];
    const ownerRoutes = { 'GET /api/user/team': team, 'GET /api/user/me': me('coach'), 'GET /api/channel/coach/main/invites': { invites: [] } };
    const links = async () => within(await screen.findByRole('region', { name: PUBLIC_LINKS }));

    it('lists each with its title (or Untitled reel, Clip), maker, date and link; Turn off is pending until the server answers, then the row goes', async () => {
      let answer: (response: Response) => void = () => {};
      const net = mockFetch({
        ...ownerRoutes,
        'GET /api/team/shared-reels': { items: shared },
        'PUT /api/user/reels/r1/sharing': () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      const user = userEvent.setup();
      renderApp('/team/members', { routes, session: signedInSession });
      const card = await links();
      const rows = await card.findAllByRole('listitem');
      expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Best of the week', 'Untitled reel', 'Clip']);
      expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual(['/r/r1', '/r/r2', '/r/c3']);
      expect(rows[0]).toHaveTextContent(/Reel by ath, .*2026/);
      expect(rows[2]).toHaveTextContent(/Clip by ath, .*2026/);

      const turnOff = card.getByRole('button', { name: 'Turn off the link to Best of the week' });
      await user.click(turnOff);
      await waitFor(() => expect(turnOff).toHaveTextContent('Turning off...'));
      expect(turnOff).toBeDisabled();
      expect(net.call('PUT', '/api/user/reels/r1/sharing')!.body).toEqual({ shared: false });
      answer(json({ reelId: 'r1', shared: false }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The public link to "Best of the week" is off.'));
      expect(card.getAllByRole('listitem').map((row) => within(row).getByRole('link').textContent)).toEqual(['Untitled reel', 'Clip']);
    });

    it('says why a link could not be turned off, and keeps its row', async () => {
      mockFetch({
        ...ownerRoutes,
        'GET /api/team/shared-reels': { items: shared.slice(0, 1) },
        'PUT /api/user/reels/r1/sharing': errorJson(404, 'Reel not found.', 'NOT_FOUND'),
      });
      renderApp('/team/members', { routes, session: signedInSession });
      const card = await links();
      await userEvent.setup().click(await card.findByRole('button', { name: 'Turn off the link to Best of the week' }));
      expect(await card.findByRole('alert')).toHaveTextContent('Reel not found.');
      expect(card.getByRole('button', { name: 'Turn off the link to Best of the week' })).toBeEnabled();
      expect(card.getAllByRole('listitem')).toHaveLength(1);
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    });

    it('shows its loading state, then says when nothing is shared', async () => {
      let answer: (response: Response) => void = () => {};
      mockFetch({ ...ownerRoutes, 'GET /api/team/shared-reels': () => new Promise<Response>((resolve) => (answer = resolve)) });
      renderApp('/team/members', { routes, session: signedInSession });
      const card = await links();
      expect(card.getByText('Loading public links...')).toBeInTheDocument();
      answer(json({ items: [] }));
      expect(await card.findByText("No public links: nothing of your team's footage is shared.")).toBeInTheDocument();
      expect(card.queryByRole('list')).not.toBeInTheDocument();
    });

    it('says when the list stops at the newest 100', async () => {
      const many = Array.from({ length: 100 }, (_, i) => ({ ...shared[0]!, reelId: `r${i}`, title: `Reel ${i}` }));
      mockFetch({ ...ownerRoutes, 'GET /api/team/shared-reels': { items: many } });
      renderApp('/team/members', { routes, session: signedInSession });
      const card = await links();
      expect(await card.findByText('The newest 100 are listed; turn some off to see older ones.')).toBeInTheDocument();
      expect(card.getAllByRole('listitem')).toHaveLength(100);
    });
  });

  it("says 'You are not a member of a team' when the user is in none", async () => {
    mockFetch({ 'GET /api/user/team': { error: 'You are not a member of a team' }, 'GET /api/user/me': me('loner') });
    renderApp('/team/members', { routes, session: signedInSession });
    expect(await screen.findByText('You are not a member of a team')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
