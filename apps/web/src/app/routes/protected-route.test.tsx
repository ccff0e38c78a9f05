import type { Level } from '@app/contracts/levels';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ProtectedRoute } from '@/app/routes/protected-route';
import { signedOut, type Session } from '@/lib/auth/session';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

function LoginProbe() {
  const location = useLocation();
  return <p>login page: {location.pathname + location.search}</p>;
}

function renderGuarded(path: string, session: Session, level: Level | undefined, levels: Level[]) {
  return renderApp(path, {
    session,
    level,
    routes: [
      { path: '/login', element: <LoginProbe /> },
      { path: '/', element: <p>home</p> },
      {
        path: '/team/*',
        element: (
          <ProtectedRoute levels={levels}>
            <p>secret team page</p>
          </ProtectedRoute>
        ),
      },
      {
        path: '/library',
        element: <ProtectedRoute levels={levels} />,
        children: [{ index: true, element: <p>library via outlet</p> }],
      },
    ],
  });
}

describe('ProtectedRoute', () => {
  it('sends a visitor without a valid token to /login, keeping the origin, replacing history', async () => {
    const { router } = renderGuarded('/team/videos?sort=new', signedOut, undefined, ['team']);
    expect(await screen.findByText('login page: /login?redirect=%2Fteam%2Fvideos%3Fsort%3Dnew')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('secret team page')).not.toBeInTheDocument();
  });

  it('checks the token before the level', async () => {
    renderGuarded('/team', signedOut, 'team', ['team']);
    expect(await screen.findByText('login page: /login?redirect=%2Fteam')).toBeInTheDocument();
  });

  it("shows 'Loading...' while a session is being restored, instead of sending the visitor away", () => {
    const { router } = renderGuarded('/team', { ...signedOut, isPending: true }, undefined, ['team']);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/team');
  });

  it("shows 'Loading...' while the level is unknown", () => {
    renderGuarded('/team', signedInSession, undefined, ['team']);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('secret team page')).not.toBeInTheDocument();
  });

  it('sends a level that is not allowed to /login, replacing history', async () => {
    const { router } = renderGuarded('/team', signedInSession, 'fan', ['athlete', 'team']);
    expect(await screen.findByText('login page: /login')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('renders its children for an allowed level', () => {
    renderGuarded('/team', signedInSession, 'athlete', ['athlete', 'team']);
    expect(screen.getByText('secret team page')).toBeInTheDocument();
  });

  it('renders the child route (Outlet) when used as a layout route', () => {
    renderGuarded('/library', signedInSession, 'none', ['none', 'fan', 'athlete', 'team']);
    expect(screen.getByText('library via outlet')).toBeInTheDocument();
  });
});
