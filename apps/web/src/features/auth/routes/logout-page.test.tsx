import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { readCookie } from '@/lib/auth/session';
import { mockFetch, signInWithCookies } from '@/test/fetch-mock';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const routes = pageRoutes('/logout', () => import('@/features/auth/routes/logout-page'));

describe('/logout', () => {
  it('signs out on the server, clears the session and goes to /login', async () => {
    const token = signInWithCookies();
    const net = mockFetch({ 'GET /v0/auth/logout': { message: 'OK' } });
    const user = userEvent.setup();
    renderApp('/logout', { routes });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('at: /login')).toBeInTheDocument();
    expect(net.calls[0]!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(readCookie('access.tenant1')).toBeNull();
    expect(readCookie('session.tenant1')).toBeNull();
  });

  it('signs out here even when the server cannot be reached', async () => {
    signInWithCookies();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/logout', { routes });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('at: /login')).toBeInTheDocument();
    expect(readCookie('access.tenant1')).toBeNull();
  });
});
