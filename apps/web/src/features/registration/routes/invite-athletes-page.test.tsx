import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const routes = pageRoutes('/register/invite', () => import('@/features/registration/routes/invite-athletes-page'));

describe('/register/invite', () => {
  it("names the '-' and '+' buttons by what they do, row by row", async () => {
    mockFetch({ 'GET /api/user/me': { userId: 1, userUuid: 'uuid-1', username: 'coach', type: 'team', email: 'coach@example.com' } });
    const user = userEvent.setup();
    renderApp('/register/invite', { routes, session: signedInSession });
    const list = within(await screen.findByRole('list', { name: 'Athlete emails' }));
    const values = () => list.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value);

    expect(list.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove email row 1',
      'Remove email row 2',
      'Remove email row 3',
    ]);
    await user.type(screen.getByLabelText('Athlete 1 email'), 'one@example.com');
    await user.type(screen.getByLabelText('Athlete 2 email'), 'two@example.com');
    await user.type(screen.getByLabelText('Athlete 3 email'), 'three@example.com');

    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    expect(values()).toEqual(['one@example.com', 'two@example.com', 'three@example.com', '']);
    await user.click(screen.getByRole('button', { name: 'Remove email row 2' }));
    expect(values()).toEqual(['one@example.com', 'three@example.com', '']);
    // The names follow the rows as they are now.
    expect(screen.getByRole('button', { name: 'Remove email row 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove email row 4' })).not.toBeInTheDocument();
  });
});
