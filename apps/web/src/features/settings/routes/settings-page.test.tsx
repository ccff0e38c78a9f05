import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { describeUserAgent } from '@/features/settings/components/sessions-card';
import { errorJson, mockFetch, signInWithCookies, type FetchCall } from '@/test/fetch-mock';
import { errorOf } from '@/test/field-error';
import { signedInSession } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const routes = pageRoutes('/settings', () => import('@/features/settings/routes/settings-page'));

const qrCode = 'data:image/png;base64,iVBORw0KGgo=';
const backupCodes = ['aaaa-1111', 'bbbb-2222', 'cccc-3333', 'dddd-4444'];

function self(isMfaRequired: boolean) {
  return { userId: 7, userUuid: 'uuid-7', email: 'jane@example.com', username: 'jane', name: 'Jane', isMfaRequired, tenant: { tenantId: 'tenant1' } };
}

const sessions = {
  sessions: [
    {
      sessionId: 's1',
      createdAt: '2025-05-01T10:00:00Z',
      lastUsedAt: '2025-05-03T10:00:00Z',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      ip: '203.0.113.7',
      current: true,
    },
    {
      sessionId: 's2',
      createdAt: '2025-04-20T10:00:00Z',
      lastUsedAt: '2025-05-02T08:00:00Z',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ip: '198.51.100.23',
      current: false,
    },
  ],
};

function renderSettings(routesOverride: Parameters<typeof mockFetch>[0] = {}, { mfa = false } = {}) {
  const access = signInWithCookies();
  let mfaOn = mfa;
  const net = mockFetch({
    'GET /v0/self': () => Response.json(self(mfaOn)),
    'GET /v0/self/sessions': sessions,
    'GET /v0/auth/totp': { totpSecret: 'JBSWY3DPEHPK3PXP', qrCode, backupCodes },
    'POST /v0/tenants/tenant1/auth/totp': (call: FetchCall) => {
      if ((call.body as { totpCode: string }).totpCode === '000000') return errorJson(400, 'That code is not right. Try the current one.');
      mfaOn = true;
      return Response.json({ message: 'OK', isMfaRequired: true });
    },
    'DELETE /v0/auth/totp': () => {
      mfaOn = false;
      return Response.json({ message: 'OK' });
    },
    ...routesOverride,
  });
  const user = userEvent.setup();
  return { user, net, access, ...renderApp('/settings', { routes, session: signedInSession }) };
}

describe('/settings: two-factor authentication', () => {
  it('enrols: QR code and key, backup codes with copy and "I saved these", then a 6-digit code', async () => {
    const { user, net, access } = renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Security' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr).toHaveAttribute('src', qrCode);
    expect(screen.getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const list = screen.getByRole('list', { name: 'Backup codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(backupCodes);

    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(backupCodes.join('\n'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // The code field only comes after the codes are saved.
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I saved these' }));
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(errorOf(code)).toBe('Enter the 6-digit code');
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
    const confirm = net.call('POST', '/v0/tenants/tenant1/auth/totp')!;
    expect(confirm.body).toEqual({ totpCode: '123456' });
    expect(confirm.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(net.call('GET', '/v0/auth/totp')!.headers.get('Authorization')).toBe(`Bearer ${access}`);
    // The account is reloaded: now it can be turned off.
    expect(await screen.findByRole('button', { name: 'Disable two-factor authentication' })).toBeInTheDocument();
  });

  it('shows a refused confirmation code under the field and stays in the enrolment', async () => {
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
    await user.click(await screen.findByRole('button', { name: 'I saved these' }));
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText('Authentication code'))).toBe('That code is not right. Try the current one.'),
    );
    expect(screen.getByRole('img', { name: /QR code/ })).toBeInTheDocument();
  });

  it('draws the QR code itself when the server sends no image', async () => {
    const { user } = renderSettings({ 'GET /v0/auth/totp': { totpSecret: 'JBSWY3DPEHPK3PXP', backupCodes: [] } });
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // Without backup codes there is nothing to save: the code field is there at once.
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('can be cancelled', async () => {
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Enable two-factor authentication' })).toBeInTheDocument();
  });

  it('turns off with a current code', async () => {
    const { user, net } = renderSettings({}, { mfa: true });
    const code = await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(errorOf(code)).toBe('Required');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication is off')).toBeInTheDocument();
    expect(net.call('DELETE', '/v0/auth/totp')!.body).toEqual({ totpCode: '654321' });
    expect(await screen.findByRole('button', { name: 'Enable two-factor authentication' })).toBeInTheDocument();
  });
});

describe('/settings: change password', () => {
  it('validates: current required, new 8 to 128, confirmation matches', async () => {
    const { user, net } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(errorOf(screen.getByLabelText('Current password'))).toBe('Required');
    expect(errorOf(screen.getByLabelText('New password'))).toBe('Required');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(errorOf(screen.getByLabelText('New password'))).toBe('Password must be at least 8 characters');
    await user.type(screen.getByLabelText('New password'), 'er-but-ok');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    expect(errorOf(screen.getByLabelText('Confirm password'))).toBe('Passwords do not match');
    expect(net.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('changes the password with the access token', async () => {
    const { user, net, access } = renderSettings({ 'PUT /v0/tenants/tenant1/auth/basic': { message: 'OK' } });
    await user.type(await screen.findByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'brand new password');
    await user.type(screen.getByLabelText('Confirm password'), 'brand new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    const put = net.call('PUT', '/v0/tenants/tenant1/auth/basic')!;
    expect(put.body).toEqual({ password: 'brand new password', existingPassword: 'old password' });
    expect(put.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('puts a refusal of the current password under it, and any other under the new one', async () => {
    let answer = errorJson(400, 'Your current password is incorrect.');
    const { user } = renderSettings({ 'PUT /v0/tenants/tenant1/auth/basic': () => answer });
    await user.type(await screen.findByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Current password'))).toBe('Your current password is incorrect.'));

    answer = errorJson(400, 'This password is too common. Choose another one.');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('New password'))).toBe('This password is too common. Choose another one.'));
  });
});

describe('/settings: sessions', () => {
  it('lists the sessions with the current one marked, and signs out the others', async () => {
    const { user, net } = renderSettings({ 'POST /v0/auth/logout/others': { message: 'OK', revoked: 1 } });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Chrome on macOS');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).not.toHaveTextContent('This device');

    await user.click(screen.getByRole('button', { name: 'Sign out of other sessions' }));
    expect(await screen.findByText('Signed out of 1 other session.')).toBeInTheDocument();
    expect(net.call('POST', '/v0/auth/logout/others')).toBeDefined();
    await waitFor(() => expect(net.calls.filter((c) => c.path === '/v0/self/sessions')).toHaveLength(2));
  });
});

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0', 'Edge on Windows', false],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36', 'Chrome on Android', true],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox on Linux', false],
    ['curl/8.0', 'Unknown device', false],
  ])('%s -> %s', (ua, label, mobile) => {
    expect(describeUserAgent(ua)).toEqual({ label, mobile });
  });
});
