import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch } from '@/test/fetch-mock';
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
const me = (username: string) => ({ userId: 1, userUuid: 'uuid-1', username, firstname: '', lastname: '', type: 'team', email: `${username}@example.com` });

describe('/team/members', () => {
  it('lists the members; the owner invites by username (leading @ removed) and is told when the input is not valid', async () => {
    const net = mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/me': me('coach'),
      'PUT /api/channel/coach/main/invites': { owner: 'coach', channel: 'main', username: 'newkid', email: null, emailed: true },
      'GET /api/channel/coach/main/invites': { invites: [] },
    });
    const user = userEvent.setup();
    renderApp('/team/members', { routes, session: signedInSession });
    await screen.findByRole('heading', { name: 'All Members' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    // Avatars show first and last name initials, not the username's first letters.
    expect(rows.map((row) => row.textContent)).toEqual(['CCcoachCoachCasey Coach', 'AAathAlex Athlete']);
    expect(screen.getByRole('link', { name: 'ath' })).toHaveAttribute('href', '/team/members/ath');

    const input = await screen.findByLabelText('Invite a member');
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

  it('shows no invite form to a member who is not the owner', async () => {
    mockFetch({ 'GET /api/user/team': team, 'GET /api/user/me': me('ath') });
    renderApp('/team/members', { routes, session: signedInSession });
    await screen.findByRole('table');
    await screen.findByRole('link', { name: 'coach' });
    expect(screen.queryByLabelText('Invite a member')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).not.toBeInTheDocument();
  });

  it("says 'You are not a member of a team' when the user is in none", async () => {
    mockFetch({ 'GET /api/user/team': { error: 'You are not a member of a team' }, 'GET /api/user/me': me('loner') });
    renderApp('/team/members', { routes, session: signedInSession });
    expect(await screen.findByText('You are not a member of a team')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
