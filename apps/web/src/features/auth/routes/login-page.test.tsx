import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { signedOut, type Session } from '@/lib/auth/session';
import { errorJson, json, mfaBody, mockFetch, signInBody } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { errorOf } from '@/test/field-error';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const base = '/v0/tenants/tenant1';
const mode = { mode: 'test', authentication: { firstFactors: [{ channel: 'email', strategy: 'password' }], secondFactors: [] } };

const routes = pageRoutes('/login', () => import('@/features/auth/routes/login-page'));

function renderLogin(path = '/login', session: Session = signedOut) {
  const user = userEvent.setup();
  return { user, ...renderApp(path, { routes, session }) };
}


describe('/login: password sign-in', () => {
  it("shows 'Required' under empty fields and sends nothing", async () => {
    const net = mockFetch({ [`GET ${base}/mode`]: mode });
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(errorOf(screen.getByLabelText('Email or username'))).toBe('Required');
    expect(errorOf(screen.getByLabelText('Password'))).toBe('Required');
    expect(screen.getByLabelText('Email or username')).toHaveFocus();
    expect(net.calls.map((c) => c.path)).toEqual([`${base}/mode`]);
  });

  it('links to /reset and /register, with the right autocomplete hints', async () => {
    mockFetch({ [`GET ${base}/mode`]: mode });
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/reset');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByLabelText('Email or username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('shows a refused sign-in under the email field', async () => {
    mockFetch({ [`GET ${base}/mode`]: mode, [`POST ${base}/auth/basic`]: errorJson(401, 'Incorrect email or password') });
    const { user } = renderLogin();
    await user.type(await screen.findByLabelText('Email or username'), 'jane');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Email or username'))).toBe('Incorrect email or password'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
    // Typing again clears the server's message.
    await user.type(screen.getByLabelText('Email or username'), 'x');
    expect(screen.getByLabelText('Email or username')).toHaveAttribute('aria-invalid', 'false');
  });

  it('signs in and goes to the redirect parameter', async () => {
    const net = mockFetch({ [`GET ${base}/mode`]: mode, [`POST ${base}/auth/basic`]: signInBody() });
    const { user } = renderLogin('/login?redirect=%2Flibrary%2Fvideos');
    await user.type(await screen.findByLabelText('Email or username'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('at: /library/videos')).toBeInTheDocument();
    expect(net.call('POST', `${base}/auth/basic`)!.body).toEqual({ emailOrUsername: 'jane@example.com', password: 'secret' });
  });

  it("signs in and goes to '/' without a redirect parameter", async () => {
    mockFetch({ [`GET ${base}/mode`]: mode, [`POST ${base}/auth/basic`]: signInBody() });
    const { user } = renderLogin();
    await user.type(await screen.findByLabelText('Email or username'), 'jane');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('at: /')).toBeInTheDocument();
  });

  it('disables the button while signing in', async () => {
    let answer!: (response: Response) => void;
    mockFetch({ [`GET ${base}/mode`]: mode, [`POST ${base}/auth/basic`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderLogin();
    await user.type(await screen.findByLabelText('Email or username'), 'jane');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    answer(errorJson(401, 'Incorrect email or password'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
  });
});

describe('/login: second factor', () => {
  async function reachSecondFactor(extra: Parameters<typeof mockFetch>[0] = {}) {
    const net = mockFetch({ [`GET ${base}/mode`]: mode, [`POST ${base}/auth/basic`]: mfaBody, ...extra });
    const rendered = renderLogin();
    await rendered.user.type(await screen.findByLabelText('Email or username'), 'jane');
    await rendered.user.type(screen.getByLabelText('Password'), 'secret');
    await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeInTheDocument();
    // The step is its own chunk (most sign-ins never need it): wait until it has loaded.
    expect(await screen.findByRole('button', { name: 'Back to sign in' })).toBeInTheDocument();
    return { net, ...rendered };
  }

  it('asks for the authenticator code first and checks it is 6 digits', async () => {
    const { user, net } = await reachSecondFactor({ [`POST ${base}/auth/totp`]: signInBody() });
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(errorOf(code)).toBe('Required');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(errorOf(code)).toBe('Enter the 6-digit code');
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('at: /')).toBeInTheDocument();
    const totp = net.call('POST', `${base}/auth/totp`)!;
    expect(totp.body).toEqual({ totpCode: '123456' });
    expect(totp.headers.get('Authorization')).toBe('Bearer first-factor-token');
  });

  it('shows a refused code under the field', async () => {
    const { user } = await reachSecondFactor({ [`POST ${base}/auth/totp`]: errorJson(401, 'Incorrect code') });
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Authentication code'))).toBe('Incorrect code'));
  });

  it('switches to a backup code', async () => {
    const { user, net } = await reachSecondFactor({ [`POST ${base}/auth/totp`]: signInBody() });
    await user.click(screen.getByRole('button', { name: 'Use a backup code' }));
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Backup code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('at: /')).toBeInTheDocument();
    expect(net.call('POST', `${base}/auth/totp`)!.body).toEqual({ backupCode: 'abcde-12345' });
  });

  it('switches to a code by email: send it, then enter it', async () => {
    const { user, net } = await reachSecondFactor({
      [`POST ${base}/auth/code`]: { message: 'OK', result: { email: 'j***@example.com', submittedAt: 'now', messageId: 'm' } },
      [`PUT ${base}/auth/code`]: signInBody(),
    });
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const field = await screen.findByLabelText('Verification code');
    expect(screen.getByText('We sent a code to j***@example.com.')).toBeInTheDocument();
    expect(net.call('POST', `${base}/auth/code`)!.headers.get('Authorization')).toBe('Bearer first-factor-token');
    await user.type(field, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('at: /')).toBeInTheDocument();
    expect(net.call('PUT', `${base}/auth/code`)!.body).toEqual({ channel: 'email', verificationCode: '246810' });
  });

  it('offers only the factors the response names', async () => {
    const { user } = await reachSecondFactor({
      [`POST ${base}/auth/basic`]: { ...mfaBody, authentication: { secondFactors: [{ strategy: 'verificationCode', channel: 'email' }] } },
    });
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a backup code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('goes back to the first step and forgets the first-factor token', async () => {
    const { user, auth } = await reachSecondFactor();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Email or username')).toBeInTheDocument();
    expect(auth.getState().firstFactorToken).toBeNull();
  });
});

describe('/login: magic link', () => {
  it("validates the email ('Required', 'Invalid email')", async () => {
    mockFetch({ [`GET ${base}/mode`]: mode });
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Send magic link' }));
    expect(errorOf(screen.getByLabelText('Email'))).toBe('Required');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(errorOf(screen.getByLabelText('Email'))).toBe('Invalid email');
  });

  it('sends the link and says to check the email; the answer is the same for any address', async () => {
    const net = mockFetch({
      [`GET ${base}/mode`]: mode,
      [`POST ${base}/auth/link`]: { message: 'OK', result: { email: 'new@example.com', submittedAt: 'now', messageId: 'm' } },
    });
    const { user } = renderLogin();
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(status).toHaveTextContent('We sent a sign-in link to new@example.com.');
    expect(net.call('POST', `${base}/auth/link`)!.body).toEqual({ email: 'new@example.com' });
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });

  it('shows a failure under the email field', async () => {
    mockFetch({ [`GET ${base}/mode`]: mode, [`POST ${base}/auth/link`]: errorJson(429, 'Too many emails. Try again later.') });
    const { user } = renderLogin();
    await user.type(await screen.findByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Email'))).toBe('Too many emails. Try again later.'));
  });
});

describe('/login: sign-in by link in the address', () => {
  it("signs in with uuid and token, once, and goes to '/'", async () => {
    const net = mockFetch({ [`GET ${base}/mode`]: mode, [`PUT ${base}/auth/link`]: signInBody() });
    const { router } = renderLogin('/login?token=tok&uuid=uid');
    expect(await screen.findByText('at: /')).toBeInTheDocument();
    const puts = net.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({ token: 'tok', uuid: 'uid' });
    expect(router.state.location.search).toBe('');
  });

  it('honours the redirect parameter a social provider sends back', async () => {
    mockFetch({ [`GET ${base}/mode`]: mode, [`PUT ${base}/auth/link`]: signInBody() });
    renderLogin('/login?token=tok&uuid=uid&redirect=%2Flive');
    expect(await screen.findByText('at: /live')).toBeInTheDocument();
  });

  it('says when the link does not work, removes it from the address and offers the forms', async () => {
    mockFetch({ [`GET ${base}/mode`]: mode, [`PUT ${base}/auth/link`]: errorJson(401, 'This link has expired.') });
    const { router } = renderLogin('/login?token=old&uuid=uid');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.getByLabelText('Email or username')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('moves on to the second factor when the account needs one', async () => {
    mockFetch({ [`GET ${base}/mode`]: mode, [`PUT ${base}/auth/link`]: mfaBody });
    renderLogin('/login?token=tok&uuid=uid');
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
  });
});

describe('/login: other cases', () => {
  it("sends a signed-in visitor to '/'", async () => {
    mockFetch({ [`GET ${base}/mode`]: mode });
    renderLogin('/login', signedInSession);
    expect(await screen.findByText('at: /')).toBeInTheDocument();
  });

  it("shows 'Loading...' while a session is being restored", async () => {
    mockFetch({ [`GET ${base}/mode`]: mode });
    renderLogin('/login', { ...signedOut, isPending: true });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email or username')).not.toBeInTheDocument();
  });

  it('offers the social providers the tenant enabled', async () => {
    mockFetch({
      [`GET ${base}/mode`]: json({
        mode: 'test',
        authentication: { firstFactors: [{ channel: 'email', strategy: 'password' }, { channel: 'email', strategy: 'google' }], secondFactors: [] },
      }),
    });
    const { user, assign } = renderLogin('/login?redirect=%2Fteam');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    const url = new URL(assign.mock.calls[0]![0]);
    expect(url.pathname).toBe('/v0/tenants/tenant1/auth/google/login');
    expect(url.searchParams.get('redirect')).toBe('/team');
    expect(screen.queryByRole('button', { name: /GitHub/ })).not.toBeInTheDocument();
  });

  it('still works when the sign-in methods cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ [`GET ${base}/mode`]: errorJson(503, 'down') });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not load the sign-in methods:', 'down'));
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });
});
