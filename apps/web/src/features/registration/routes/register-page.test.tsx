import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { errorJson, json, mockFetch, signInBody } from '@/test/fetch-mock';
import { errorOf } from '@/test/field-error';
import { signedInSession, testConfig } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const base = '/v0/tenants/tenant1';
const routes = pageRoutes('/register', () => import('@/features/registration/routes/register-page'));

function renderRegister(path = '/register', session = undefined as typeof signedInSession | undefined, config = testConfig) {
  const user = userEvent.setup();
  return { user, ...renderApp(path, { routes, session, config }) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, { role = 'Athlete', email = 'jane@example.com', username = 'jane_23', password = 'long enough' } = {}) {
  await user.click(await screen.findByLabelText(new RegExp(`^${role}`)));
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
}

describe('/register', () => {
  it("keeps 'Create Account' disabled until the terms and privacy policy are accepted", async () => {
    mockFetch({});
    const { user } = renderRegister();
    const button = await screen.findByRole('button', { name: 'Create Account' });
    expect(button).toBeDisabled();
    const accept = screen.getByRole('checkbox', { name: /terms of service and the privacy policy/ });
    await user.click(accept);
    expect(button).toBeEnabled();
    await user.click(accept);
    expect(button).toBeDisabled();
  });

  it('links the terms and the privacy policy to pages that open in a new tab, keeping the form', async () => {
    mockFetch({});
    renderRegister();
    const terms = await screen.findByRole('link', { name: 'terms of service' });
    const privacy = screen.getByRole('link', { name: 'privacy policy' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(privacy).toHaveAttribute('href', '/privacy');
    for (const link of [terms, privacy]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it("links the operator's own documents when the server configures them", async () => {
    mockFetch({});
    renderRegister('/register', undefined, {
      ...testConfig,
      termsUrl: 'https://club.example.com/terms',
      privacyUrl: 'https://club.example.com/privacy',
    });
    expect(await screen.findByRole('link', { name: 'terms of service' })).toHaveAttribute('href', 'https://club.example.com/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', 'https://club.example.com/privacy');
  });

  it('offers the three roles and validates every field', async () => {
    mockFetch({});
    const { user } = renderRegister();
    expect(await screen.findByRole('radio', { name: /Coach/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Athlete/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Fan/ })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Required', { selector: '#role-error' })).toBeInTheDocument();
    expect(errorOf(screen.getByLabelText('Email'))).toBe('Required');
    expect(errorOf(screen.getByLabelText('Username'))).toBe('Required');
    expect(errorOf(screen.getByLabelText('Password'))).toBe('Required');

    await user.type(screen.getByLabelText('Email'), 'jane');
    await user.type(screen.getByLabelText('Username'), 'jo');
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(errorOf(screen.getByLabelText('Email'))).toBe('Invalid email');
    expect(errorOf(screen.getByLabelText('Username'))).toBe('Name must be at least 3 characters');
    expect(errorOf(screen.getByLabelText('Password'))).toBe('Password must be at least 8 characters');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'jane doe!');
    expect(errorOf(screen.getByLabelText('Username'))).toBe(
      'Username can only contain alphanumeric characters, dashes, underscores, and plus signs',
    );
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'jane-doe_+1');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the password hint until there is an error, then only the error in its place', async () => {
    mockFetch({});
    const { user } = renderRegister();
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAccessibleDescription('8 to 128 characters.');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await user.type(password, 'short');
    expect(errorOf(password)).toBe('Password must be at least 8 characters');
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
    // Kept in place (hidden), so the form does not move when the error replaces it.
    expect(screen.getByText('8 to 128 characters.')).toHaveClass('invisible');
    expect(screen.getByText('8 to 128 characters.')).toHaveAttribute('aria-hidden', 'true');
    await user.type(password, ' and long');
    expect(password).toHaveAccessibleDescription('8 to 128 characters.');
    expect(screen.getByText('8 to 128 characters.')).not.toHaveClass('invisible');
  });

  it('creates the account and goes to the role step, keeping the affiliate', async () => {
    const net = mockFetch({ [`POST ${base}/auth/create`]: () => json(signInBody(), 201) });
    const { user } = renderRegister('/register?affiliate=club42');
    await fill(user, { role: 'Coach' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('at: /register/coach?affiliate=club42')).toBeInTheDocument();
    expect(net.calls[0]!.body).toEqual({ email: 'jane@example.com', username: 'jane_23', password: 'long enough' });
  });

  it.each([
    ['Athlete', '/register/athlete'],
    ['Fan', '/register/fan'],
  ])('%s goes to %s', async (role, path) => {
    mockFetch({ [`POST ${base}/auth/create`]: () => json(signInBody(), 201) });
    const { user } = renderRegister();
    await fill(user, { role });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(`at: ${path}`)).toBeInTheDocument();
  });

  it('shows an error mentioning the email under Email', async () => {
    mockFetch({ [`POST ${base}/auth/create`]: errorJson(409, 'An account with this email already exists') });
    const { user } = renderRegister();
    await fill(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Email'))).toBe('An account with this email already exists'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows a username clash under Username, leaving Password unmarked', async () => {
    mockFetch({ [`POST ${base}/auth/create`]: errorJson(409, 'Username already exists') });
    const { user } = renderRegister();
    await fill(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Username'))).toBe('Username already exists'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows any other error under Password', async () => {
    mockFetch({ [`POST ${base}/auth/create`]: errorJson(429, 'Too many attempts. Try again in a minute.') });
    const { user } = renderRegister();
    await fill(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Password'))).toBe('Too many attempts. Try again in a minute.'));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows a signed-in visitor links to /home and /sport/iho instead of the form', async () => {
    mockFetch({});
    renderRegister('/register', signedInSession);
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'Ice hockey' })).toHaveAttribute('href', '/sport/iho');
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });
});
