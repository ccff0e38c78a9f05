import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { RouteNoticeToast } from '@/app/layouts/route-notice-toast';
import { HomeRedirect } from '@/app/routes/home-redirect';
import { json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// Flows that end on another page say there what happened: the page they land on shows the shell's toast.

const landing = (path: string): RouteObject => ({ path, element: <RouteNoticeToast /> });
const me = { userId: 1, userUuid: 'uuid-1', username: 'coach', type: 'team', email: 'coach@example.com' };

describe('what a flow says where it lands', () => {
  it('sending invitations from /register/invite lands on the team members page saying how many went out', async () => {
    const net = mockFetch({
      'GET /api/user/me': me,
      'POST /api/user/invites': (call: { body: unknown }) => json({ ...(call.body as object), username: null, emailed: true }, 201),
    });
    renderApp('/register/invite', {
      routes: [
        {
          hydrateFallbackElement: <p>Loading page</p>,
          children: [{ path: '/register/invite', lazy: () => import('@/features/registration/routes/invite-athletes-page') }, landing('/team/members')],
        },
      ],
      session: signedInSession,
      level: 'team',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Athlete 1 email'), 'one@example.com');
    await user.type(screen.getByLabelText('Athlete 2 email'), 'two@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('2 invitations sent.')).toBeInTheDocument();
    expect(net.calls.filter((call) => call.method === 'POST' && call.path === '/api/user/invites')).toHaveLength(2);
  });

  it('joining a team through its invitation lands on the team saying "You joined ..."', async () => {
    mockFetch({
      'GET /api/invites/tok': { status: 'pending', owner: 'coach', ownerName: 'Pat', channel: 'main', description: 'Riverside Tigers U16', email: null, expired: false, accepted: false },
      'GET /api/user/me': { ...me, username: 'kid', type: 'athlete' },
      'POST /api/invites/tok/accept': { owner: 'coach', channel: 'main', description: 'Riverside Tigers U16', members: {} },
    });
    renderApp('/join/tok', {
      routes: [
        {
          hydrateFallbackElement: <p>Loading page</p>,
          children: [
            { path: '/join/:token', lazy: () => import('@/features/registration/routes/join-team-page') },
            { path: '/', element: <HomeRedirect /> },
            landing('/team'),
          ],
        },
      ],
      session: signedInSession,
      level: 'athlete',
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join team' }));
    expect(await screen.findByText('You joined Riverside Tigers U16.')).toBeInTheDocument();
  });
});
