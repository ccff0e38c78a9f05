import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { errorJson, mockFetch, signInWithCookies, type FetchCall } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const settingsRoutes = pageRoutes('/settings', () => import('@/features/settings/routes/settings-page'));
const unsubscribeRoutes = pageRoutes('/unsubscribe/:token', () => import('@/features/settings/routes/unsubscribe-page'));

function renderSettings(settings: Parameters<typeof mockFetch>[0]) {
  signInWithCookies();
  const net = mockFetch({
    'GET /v0/self': { userId: 7, userUuid: 'uuid-7', email: 'jane@example.com', username: 'jane', name: 'Jane', isMfaRequired: false, tenant: { tenantId: 'tenant1' } },
    'GET /v0/self/sessions': { sessions: [] },
    'GET /api/user/schedule-settings': { reminderEmail: true },
    ...settings,
  });
  return { net, user: userEvent.setup(), ...renderApp('/settings', { routes: settingsRoutes, session: signedInSession }) };
}

describe('/settings: notification e-mails', () => {
  it('shows the switch as the server has it and saves a change', async () => {
    let email = true;
    const { net, user } = renderSettings({
      'GET /api/user/notification-settings': () => Response.json({ email }),
      'PUT /api/user/notification-settings': (call: FetchCall) => {
        email = (call.body as { email: boolean }).email;
        return Response.json({ email });
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Notifications' })).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'E-mail me unread notifications' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(await screen.findByText('Notification e-mails are off.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(net.call('PUT', '/api/user/notification-settings')?.body).toEqual({ email: false });
  });

  it('says when the setting cannot be loaded or saved', async () => {
    const { user } = renderSettings({
      'GET /api/user/notification-settings': { email: false },
      'PUT /api/user/notification-settings': errorJson(503, 'Unavailable'),
    });
    const toggle = await screen.findByRole('switch', { name: 'E-mail me unread notifications' });
    await user.click(toggle);
    expect(await screen.findByText('Your change was not saved. Please try again.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('shows the load error in the card', async () => {
    renderSettings({ 'GET /api/user/notification-settings': errorJson(500, 'Something went wrong on our side.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.queryByRole('switch', { name: 'E-mail me unread notifications' })).not.toBeInTheDocument();
  });
});

describe('/settings: schedule e-mails', () => {
  it('shows the switch as the server has it and saves a change', async () => {
    const { net, user } = renderSettings({
      'GET /api/user/notification-settings': { email: true },
      'PUT /api/user/schedule-settings': (call: FetchCall) => Response.json(call.body),
    });
    const toggle = await screen.findByRole('switch', { name: 'E-mail me about the schedule' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(await screen.findByText('Schedule e-mails are off.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(net.call('PUT', '/api/user/schedule-settings')?.body).toEqual({ reminderEmail: false });
  });

  it('puts the switch back when the change is not saved', async () => {
    const { user } = renderSettings({
      'GET /api/user/notification-settings': { email: true },
      'PUT /api/user/schedule-settings': errorJson(503, 'Unavailable'),
    });
    const toggle = await screen.findByRole('switch', { name: 'E-mail me about the schedule' });
    await user.click(toggle);
    expect(await screen.findByText('Your change was not saved. Please try again.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});

describe('/unsubscribe/{token}', () => {
  it('asks first: opening it posts nothing, the button switches e-mail off', async () => {
    const net = mockFetch({ 'POST /api/unsubscribe/7.abc': { email: false } });
    const user = userEvent.setup();
    renderApp('/unsubscribe/7.abc', { routes: unsubscribeRoutes });
    const stop = await screen.findByRole('button', { name: 'Stop notification e-mails' });
    expect(screen.getByRole('heading', { name: 'Stop notification e-mails?' })).toBeInTheDocument();
    expect(net.calls).toEqual([]);
    await user.click(stop);
    expect(await screen.findByRole('heading', { name: 'You will get no more notification e-mails' })).toBeInTheDocument();
    expect(net.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/unsubscribe/7.abc']);
  });

  it('says so when the link is not valid', async () => {
    mockFetch({ 'POST /api/unsubscribe/forged': errorJson(403, 'This unsubscribe link is not valid. Switch notification e-mails off in your settings instead.') });
    const user = userEvent.setup();
    renderApp('/unsubscribe/forged', { routes: unsubscribeRoutes });
    await user.click(await screen.findByRole('button', { name: 'Stop notification e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });
});

describe('/unsubscribe/schedule/{token}', () => {
  it('asks first: opening it posts nothing, the button switches schedule e-mails off', async () => {
    const net = mockFetch({ 'POST /api/schedule/unsubscribe/7.abc': { reminderEmail: false } });
    const user = userEvent.setup();
    renderApp('/unsubscribe/schedule/7.abc');
    const stop = await screen.findByRole('button', { name: 'Stop schedule e-mails' });
    expect(net.calls.filter((c) => c.path.startsWith('/api/schedule'))).toEqual([]);
    await user.click(stop);
    expect(await screen.findByRole('heading', { name: 'You will get no more schedule e-mails' })).toBeInTheDocument();
    expect(net.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/schedule/unsubscribe/7.abc']);
  });
});
