import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { errorJson, mockFetch } from '@/test/fetch-mock';
import { errorOf } from '@/test/field-error';
import { signedInSession } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const routes = pageRoutes('/register/athlete', () => import('@/features/registration/routes/athlete-registration-page'));

describe('/register/athlete', () => {
  it('fills the sign-up username when the record arrives, keeping what the user already typed', async () => {
    let answerMe: (body: object) => void = () => {};
    const me = new Promise<object>((resolve) => (answerMe = resolve));
    mockFetch({ 'GET /api/user/me': async () => new Response(JSON.stringify(await me), { headers: { 'content-type': 'application/json' } }) });
    const user = userEvent.setup();
    renderApp('/register/athlete', { routes, session: signedInSession });

    await user.type(await screen.findByLabelText('First Name'), 'Alex');
    answerMe({ userId: 1, userUuid: 'uuid-1', username: 'alex_a', firstname: '', lastname: 'Signup', type: null, email: 'alex@example.com' });

    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('alex_a'));
    expect(screen.getByLabelText('First Name')).toHaveValue('Alex');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Signup');
  });

  it("shows the server's 'Username already exists' under Username and stays on the page", async () => {
    const net = mockFetch({
      'GET /api/user/me': { userId: 1, userUuid: 'uuid-1', username: 'alex_a', firstname: '', lastname: '', type: null, email: 'alex@example.com' },
      'POST /api/user/me': errorJson(409, 'Username already exists', 'USERNAME_TAKEN'),
    });
    const user = userEvent.setup();
    renderApp('/register/athlete', { routes, session: signedInSession });
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('alex_a'));
    await user.type(screen.getByLabelText('First Name'), 'Alex');
    await user.type(screen.getByLabelText('Last Name'), 'Athlete');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(errorOf(screen.getByLabelText('Username'))).toBe('Username already exists'));
    expect(net.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ username: 'alex_a', type: 'athlete', firstname: 'Alex', lastname: 'Athlete' });
    expect(screen.queryByText(/^at: /)).not.toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Alex');
  });

  it('says why the invitation failed after registering, then continues to the subscription step', async () => {
    const net = mockFetch({
      'GET /api/user/me': { userId: 1, userUuid: 'uuid-1', username: 'alex_a', firstname: '', lastname: '', type: null, email: 'alex@example.com' },
      'POST /api/user/me': { userId: 1, userUuid: 'uuid-1', username: 'alex_a', type: 'athlete' },
      'POST /api/invites/tok123/accept': errorJson(409, 'This invitation was already used.', 'CONFLICT'),
      'GET /api/user/teams': [],
    });
    const user = userEvent.setup();
    renderApp('/register/athlete?invite=tok123', { routes, session: signedInSession });
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('alex_a'));
    await user.type(screen.getByLabelText('First Name'), 'Alex');
    await user.type(screen.getByLabelText('Last Name'), 'Athlete');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You were not added to the team');
    expect(alert).toHaveTextContent('This invitation was already used.');
    expect(screen.queryByText(/^at: /)).not.toBeInTheDocument();
    expect(net.calls.some((c) => c.method === 'POST' && c.path === '/api/invites/tok123/accept')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('at: /register/subscribe/athlete');
  });
});
