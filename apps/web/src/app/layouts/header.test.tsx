import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { getBackLink } from '@/app/layouts/back-link';
import { Header } from '@/app/layouts/header';
import { renderApp } from '@/test/render-app';

function renderHeaderAt(path: string) {
  return renderApp(path, { routes: [{ path: '*', element: <Header /> }] });
}

describe('getBackLink', () => {
  it.each([
    ['/library/videos/all', { to: '/library/videos', label: 'all' }],
    ['/team/videos/abc123', { to: '/team/videos', label: 'abc123' }],
    ['/team/clips/42/edit', { to: '/team/clips/42', label: 'edit' }],
    ['/profile/edit', { to: '/profile', label: 'edit' }],
    ['/team/members/jane%20doe', { to: '/team/members', label: 'jane doe' }],
    ['/team/members/', { to: '/team', label: 'members' }],
  ])('%s -> %o', (path, expected) => {
    expect(getBackLink(path)).toEqual(expected);
  });

  it.each(['/', '/team', '/live', '/events'])('has none on the top-level path %s', (path) => {
    expect(getBackLink(path)).toBeNull();
  });
});

describe('Header', () => {
  it('links back to the parent, named after the last segment', () => {
    renderHeaderAt('/library/videos/all');
    const back = screen.getByRole('link', { name: 'all' });
    expect(back).toHaveAttribute('href', '/library/videos');
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
