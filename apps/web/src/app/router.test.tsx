import type { Level } from '@app/contracts/levels';
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { routes } from '@/app/router';
import { mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// Every route of docs/product.md (with sample parameters), the page title it shows, and a level allowed there.
const specRoutes: [path: string, title: string, level?: Level][] = [
  ['/login', 'Sign in'],
  ['/reset', 'Reset password'],
  ['/register', 'Create an account'],
  ['/join/token1', 'Invitation not found'],
  ['/register/coach', 'Coach Registration', 'none'],
  ['/register/athlete', 'Athlete Registration', 'none'],
  ['/register/fan', 'Fan Registration', 'none'],
  ['/register/invite', 'Invite Athletes', 'none'],
  ['/register/subscribe/team', 'Subscribe', 'none'],
  ['/register/subscribe/athlete', 'Subscribe', 'none'],
  ['/register/subscribe/fan', 'Subscribe', 'none'],
  ['/logout', 'Logout'],
  ['/r/r1', 'This reel is not shared'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/team', 'Team', 'team'],
  ['/team/members', 'All Members', 'team'],
  ['/team/members/jane', 'Profile', 'athlete'],
  ['/team/videos', 'All Videos', 'team'],
  ['/team/videos/v1', 'Video', 'team'],
  ['/team/clips', 'Clips', 'athlete'],
  ['/team/clips/c1', 'Clip', 'team'],
  ['/team/clips/c1/edit', 'Edit Clip', 'team'],
  ['/team/messages', 'Message Board', 'team'],
  ['/team/messages/m1', 'Message', 'team'],
  ['/team/activity', 'Activity Feed', 'team'],
  ['/team/schedule', 'Schedule', 'team'],
  ['/team/schedule/e1', 'Schedule item', 'team'],
  ['/library', 'Library', 'fan'],
  ['/library/videos', 'Videos', 'fan'],
  ['/library/videos/all', 'All Videos', 'none'],
  ['/library/videos/v1', 'Video', 'fan'],
  ['/library/clips', 'Clips', 'fan'],
  ['/library/clips/all', 'All Clips', 'fan'],
  ['/library/clips/c1', 'Clip', 'athlete'],
  ['/library/reels', 'Reels', 'fan'],
  ['/library/reels/all', 'All Reels', 'fan'],
  ['/library/reels/r1', 'Reel', 'team'],
  ['/library/reels/r1/edit', 'Edit Reel', 'fan'],
  ['/upload', 'Upload', 'athlete'],
  ['/upload/confirm', 'Upload Complete', 'team'],
  ['/live', 'Live', 'fan'],
  ['/live/s1', 'Live Game', 'none'],
  ['/live/upcoming', 'Upcoming Games', 'team'],
  ['/live/upcoming/s1', 'Upcoming Game', 'fan'],
  ['/live/archives', 'Archives', 'athlete'],
  ['/live/archives/s1', 'Archived Game', 'fan'],
  ['/profile', 'Profile', 'athlete'],
  ['/profile/edit', 'Edit Profile', 'team'],
  ['/events', 'Events', 'fan'],
  ['/sport/iho', 'Ice Hockey', 'fan'],
  ['/subscribe', 'Subscribe', 'none'],
  ['/settings', 'Settings', 'fan'],
];

function leaf(path: string): RouteObject | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route;
}

describe('router table', () => {
  // Pages load what they need (the sign-in methods, the account); here every call answers 404.
  beforeEach(() => {
    mockFetch({ 'GET /v0/tenants/tenant1/mode': { mode: 'test', authentication: { firstFactors: [], secondFactors: [] } } });
  });

  it.each([...specRoutes.map(([path]) => path), '/', '/home'])('%s resolves to its own route, not the catch-all', (path) => {
    const route = leaf(path);
    expect(route).toBeDefined();
    expect(route?.path).not.toBe('*');
  });

  it('sends any other path to the catch-all', () => {
    expect(leaf('/no/such/page')?.path).toBe('*');
    expect(leaf('/register/subscribe')?.path).toBe('*');
  });

  it('loads every page lazily, one module per page, each exporting Component', async () => {
    const pages = specRoutes.map(([path]) => leaf(path));
    for (const route of pages) expect(typeof route?.lazy).toBe('function');
    const modules = await Promise.all(
      pages.map((route) => (route?.lazy as () => Promise<{ Component?: unknown }>)()),
    );
    for (const module of modules) expect(typeof module.Component).toBe('function');
  });

  it.each(specRoutes)('%s renders "%s" as its title', async (path, title, level) => {
    renderApp(path, { session: level ? signedInSession : undefined, level });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · Teamfilm`));
  });

  it('redirects / and /home to /team', async () => {
    for (const path of ['/', '/home']) {
      const { router, unmount } = renderApp(path, { session: signedInSession, level: 'team' });
      await waitFor(() => expect(router.state.location.pathname).toBe('/team'));
      unmount();
    }
  });

  it.each(['none', 'fan'] as const)('sends level %s from / and /home to /events, which they may open', async (level) => {
    for (const path of ['/', '/home']) {
      const { router, unmount } = renderApp(path, { session: signedInSession, level });
      await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
      unmount();
    }
  });

  it('sends a visitor from / to /login, keeping it as the origin', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2F');
  });

  it('puts a settings link in the signed-in header', async () => {
    renderApp('/library', { session: signedInSession, level: 'fan' });
    expect(await screen.findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('has the coach subtitle and the logout button', async () => {
    renderApp('/register/coach', { session: signedInSession, level: 'none' });
    expect(await screen.findByText('Enter your personal information')).toBeInTheDocument();
    renderApp('/logout');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('sends a visitor from a registration step to /login, keeping it as the origin', async () => {
    const { router } = renderApp('/register/coach?affiliate=club1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/register/coach?affiliate=club1')}`);
  });

  it('answers 404 for an unknown subscription type', async () => {
    renderApp('/register/subscribe/gold', { session: signedInSession, level: 'none' });
    expect(await screen.findByText('Not Found')).toBeInTheDocument();
  });

  it("sends 'Let me try first' to /events for fans and /upload otherwise", async () => {
    const { unmount } = renderApp('/register/subscribe/fan', { session: signedInSession, level: 'none' });
    expect(await screen.findByRole('link', { name: 'Let me try first' })).toHaveAttribute('href', '/events');
    unmount();
    renderApp('/register/subscribe/team', { session: signedInSession, level: 'none' });
    expect(await screen.findByRole('link', { name: 'Let me try first' })).toHaveAttribute('href', '/upload');
  });
});
