import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/fetch-mock';
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
});
