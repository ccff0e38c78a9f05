import type { ProfileMe } from '@app/contracts/profiles';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AthleteForm } from '@/features/profiles/components/athlete-form';
import { ProfilePageForm } from '@/features/profiles/components/profile-page-form';
import { errorJson, mockFetch } from '@/test/fetch-mock';
import { errorOf } from '@/test/field-error';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const me: ProfileMe = {
  userId: 1,
  userUuid: 'uuid-1',
  username: 'jordan',
  email: 'jordan@example.com',
  firstname: 'Jordan',
  lastname: 'Miles',
  name: 'Jordan Miles',
  type: 'athlete',
  age: null,
  images: [],
  verified: [],
};

function renderAthleteForm(put: Parameters<typeof mockFetch>[0][string] = me) {
  const net = mockFetch({ 'PUT /api/user/me': put });
  const view = renderApp('/profile/edit', {
    routes: [
      { path: '/profile/edit', element: <AthleteForm me={me} /> },
      { path: '/profile', element: <p>The card</p> },
    ],
    session: signedInSession,
    level: 'athlete',
  });
  return { net, ...view };
}

/** Types into a field and leaves it, as a user tabbing on. */
async function typeAndLeave(label: string, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
  fireEvent.blur(field);
  return field;
}

afterEach(() => vi.restoreAllMocks());

describe('the athlete card form', () => {
  it("shows each rule's message when the field is left", async () => {
    renderAthleteForm();
    expect(errorOf(await typeAndLeave('First Name', 'J'))).toBe('Name must be at least 2 characters');
    expect(errorOf(await typeAndLeave('Last Name', ''))).toBe('Name must be at least 2 characters');
    expect(errorOf(await typeAndLeave('Username', 'jo'))).toBe('Name must be at least 3 characters');
    expect(errorOf(await typeAndLeave('Username', 'jordan miles!'))).toBe(
      'Username can only contain alphanumeric characters, dashes, underscores, and plus signs',
    );
    expect(errorOf(await typeAndLeave('Jersey', '0'))).toBe('Jersey must be a number');
    expect(errorOf(await typeAndLeave('Jersey', 'ten'))).toBe('Jersey must be a number');
    const birthdate = screen.getByLabelText('Birthdate');
    fireEvent.change(birthdate, { target: { value: '2099-01-01' } });
    fireEvent.blur(birthdate);
    expect(errorOf(birthdate)).toBe('Birthdate cannot be in the future');
    // Fixed, the message goes.
    expect(screen.getByLabelText('Jersey')).toHaveAttribute('aria-invalid', 'true');
    await typeAndLeave('Jersey', '23');
    expect(screen.getByLabelText('Jersey')).toHaveAttribute('aria-invalid', 'false');
  });

  it('alerts what is wrong with the birthdate on submit and saves nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { net, router } = renderAthleteForm();
    fireEvent.change(screen.getByLabelText('Birthdate'), { target: { value: '1850-02-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(alert).toHaveBeenCalledWith('Birthdate must be in 1900 or later');
    expect(net.call('PUT', '/api/user/me')).toBeUndefined();
    expect(router.state.location.pathname).toBe('/profile/edit');
  });

  it('shows "Username already exists" under Username on a 409 and stays', async () => {
    const { router } = renderAthleteForm(errorJson(409, 'Username already exists', 'CONFLICT'));
    await typeAndLeave('Username', 'taken');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Username'))).toBe('Username already exists'));
    expect(router.state.location.pathname).toBe('/profile/edit');
  });

  it('saves the fields as typed and returns to /profile', async () => {
    const { net, router } = renderAthleteForm();
    await typeAndLeave('Jersey', '23');
    fireEvent.change(screen.getByLabelText('Birthdate'), { target: { value: '2008-03-14' } });
    await typeAndLeave('Instagram', '@jordan.hoops');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(net.call('PUT', '/api/user/me')?.body).toMatchObject({ firstname: 'Jordan', username: 'jordan', jersey: '23', birthdate: '2008-03-14', instagram: '@jordan.hoops' });
    expect(net.call('PUT', '/api/user/me')?.body).not.toHaveProperty('formError');
  });
});

describe('the profile page form', () => {
  function renderPageForm(put: Parameters<typeof mockFetch>[0][string] = me) {
    const net = mockFetch({ 'PUT /api/user/me': put });
    const onSaved = vi.fn();
    renderApp('/team/members/jordan', {
      routes: [{ path: '/team/members/:profiled', element: <ProfilePageForm me={me} withSport={false} onSaved={onSaved} onCancel={() => undefined} /> }],
      session: signedInSession,
      level: 'athlete',
    });
    return { net, onSaved };
  }

  it('requires name and username, shows the e-mail read-only, and sends neither the e-mail nor the sport fields', async () => {
    const { net, onSaved } = renderPageForm();
    expect(errorOf(await typeAndLeave('Name', ''))).toBe('Name is required');
    expect(errorOf(await typeAndLeave('Username', ''))).toBe('Username is required');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('jordan@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Sport')).not.toBeInTheDocument();

    await typeAndLeave('Name', 'Jordan M');
    await typeAndLeave('Username', 'jordanm');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = net.call('PUT', '/api/user/me')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Jordan M', username: 'jordanm' });
    expect(Object.keys(body).sort()).toEqual(['birthdate', 'city', 'name', 'phone', 'username']);
  });

  it('shows "Username already exists" on a 409', async () => {
    renderPageForm(errorJson(409, 'Username already exists', 'CONFLICT'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Username'))).toBe('Username already exists'));
  });
});
