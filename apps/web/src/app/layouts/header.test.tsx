import { screen } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { getBackLink } from '@/app/layouts/back-link';
import { Header } from '@/app/layouts/header';
import { routes } from '@/app/router';
import { renderApp } from '@/test/render-app';

function renderHeaderAt(path: string) {
  return renderApp(path, { routes: [{ path: '*', element: <Header /> }] });
}

const sampleId = '2086fbd9-82f6-4c1e-9d0a-5b7e0c1f3a11';

/** Every page address of the signed-in tree (the header's only user), with a sample id for each parameter. */
function signedInPaths(): string[] {
  const main = routes.find((route) => route.id === 'main');
  const paths: string[] = [];
  const walk = (children: RouteObject[] | undefined, prefix: string) => {
    for (const route of children ?? []) {
      // Not the error page, nor the addresses that only send the visitor on (no header shows there).
      if (route.path === '*' || (route.loader && route.element === null)) continue;
      const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
      if (route.path || route.index) paths.push(path.replace(/:\w+/g, sampleId));
      walk(route.children, path);
    }
  };
  walk(main?.children, '');
  return [...new Set(paths)];
}

function isPage(path: string): boolean {
  return matchRoutes(routes, path)?.at(-1)?.route.path !== '*';
}

describe('getBackLink', () => {
  it.each([
    ['/team/videos', { to: '/team', label: 'Team' }],
    [`/team/videos/${sampleId}`, { to: '/team/videos', label: 'Videos' }],
    ['/library/videos/all', { to: '/library/videos', label: 'Videos' }],
    ['/team/clips/42/edit', { to: '/team/clips/42', label: 'Clip' }],
    ['/team/messages/m1', { to: '/team/messages', label: 'Message Board' }],
    ['/library/reels/r1/edit', { to: '/library/reels/r1', label: 'Reel' }],
    ['/live/upcoming/s1', { to: '/live/upcoming', label: 'Upcoming Games' }],
    ['/sport/iho', { to: '/live', label: 'Live' }],
    ['/profile/edit', { to: '/profile', label: 'Profile' }],
    ['/upload/confirm', { to: '/upload', label: 'Upload' }],
    ['/team/members/jane%20doe', { to: '/team/members', label: 'Members' }],
    ['/team/members/', { to: '/team', label: 'Team' }],
  ])('%s -> %o', (path, expected) => {
    expect(getBackLink(path)).toEqual(expected);
  });

  it.each(['/', '/team', '/live', '/events', '/nowhere/at-all'])('has none on %s (top level, or no page above)', (path) => {
    expect(getBackLink(path)).toBeNull();
  });

  it.each(signedInPaths().filter((path) => path.split('/').filter(Boolean).length > 1))(
    '%s links back to a page of the router, named after that page',
    (path) => {
      const back = getBackLink(path);
      expect(back).not.toBeNull();
      expect(isPage(back!.to)).toBe(true);
      expect(back!.label).toMatch(/^[A-Z][A-Za-z ]+$/);
    },
  );
});

describe('Header', () => {
  it('links back to the parent, named after that page rather than the id in the address', () => {
    renderHeaderAt(`/team/videos/${sampleId}`);
    const back = screen.getByRole('link', { name: 'Videos' });
    expect(back).toHaveAttribute('href', '/team/videos');
    expect(screen.queryByText(sampleId)).not.toBeInTheDocument();
  });

  it('shows no back link on a top-level page, only the product name', () => {
    renderHeaderAt('/team');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Teamfilm']);
  });

  it('always has the theme menu', () => {
    renderHeaderAt('/team/videos');
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
  });
});
