import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { readCookie } from '@/lib/auth/session';
import { errorJson, mfaBody, mockFetch, signInBody } from '@/test/fetch-mock';
import { errorOf } from '@/test/field-error';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const base = '/v0/tenants/tenant1';
const routes = pageRoutes('/reset', () => import('@/features/auth/routes/reset-page'));

function renderReset(path = '/reset') {
  const user = userEvent.setup();
  return { user, ...renderApp(path, { routes }) };
}

describe('/reset without a link', () => {
  it("asks for the email ('Required', 'Invalid email')", async () => {
    mockFetch({});
    const { user } = renderReset();
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(errorOf(screen.getByLabelText('Email'))).toBe('Required');
    await user.type(screen.getByLabelText('Email'), 'jane@');
    expect(errorOf(screen.getByLabelText('Email'))).toBe('Invalid email');
  });

  it('sends the link and confirms without saying whether the account exists', async () => {
    const net = mockFetch({ [`POST ${base}/auth/reset/link`]: { message: 'OK', result: { email: 'jane@example.com' } } });
    const { user } = renderReset();
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('If an account exists for jane@example.com, we sent it a link');
    expect(net.calls[0]!.body).toEqual({ email: 'jane@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('/reset with token and uuid', () => {
  it('checks the new password: length 8 to 128 and the confirmation', async () => {
    const net = mockFetch({});
    const { user } = renderReset('/reset?token=tk&uuid=uu');
    const password = await screen.findByLabelText('New password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(errorOf(password)).toBe('Required');
    expect(errorOf(screen.getByLabelText('Confirm password'))).toBe('Required');

    await user.type(password, 'short');
    expect(errorOf(password)).toBe('Password must be at least 8 characters');
    await user.clear(password);
    await user.type(password, 'x'.repeat(129));
    expect(errorOf(password)).toBe('Password must be at most 128 characters');
    await user.clear(password);
    await user.type(password, 'long enough words');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough word');
    expect(errorOf(screen.getByLabelText('Confirm password'))).toBe('Passwords do not match');
    expect(net.calls).toHaveLength(0);
  });

  it("shows the server's refusal (a common password) under the new password", async () => {
    mockFetch({ [`PUT ${base}/auth/reset`]: errorJson(400, 'This password is too common. Choose another one.') });
    const { user } = renderReset('/reset?token=tk&uuid=uu');
    await user.type(await screen.findByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('New password'))).toBe('This password is too common. Choose another one.'));
  });

  it("sets the password, is signed in, and goes to '/'", async () => {
    const net = mockFetch({ [`PUT ${base}/auth/reset`]: signInBody() });
    const { user } = renderReset('/reset?token=tk&uuid=uu');
    await user.type(await screen.findByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('at: /')).toBeInTheDocument();
    expect(net.calls[0]!.body).toEqual({ token: 'tk', uuid: 'uu', password: 'a new long password' });
    expect(readCookie('access.tenant1')).not.toBeNull();
  });

  it('finishes a second factor on the sign-in page', async () => {
    mockFetch({ [`PUT ${base}/auth/reset`]: mfaBody });
    const { user, auth } = renderReset('/reset?token=tk&uuid=uu&redirect=%2Flive');
    await user.type(await screen.findByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('at: /login?redirect=%2Flive')).toBeInTheDocument();
    expect(auth.getState().firstFactorToken).toBe('first-factor-token');
  });
});
