import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { BottomNav } from '@/app/layouts/bottom-nav';
import { renderApp } from '@/test/render-app';

const routes = [{ path: '*', element: <BottomNav /> }];

describe('BottomNav', () => {
  it('is hidden while the level is unknown', () => {
    renderApp('/live', { routes });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("renders the level's items as links and marks the current one", () => {
    renderApp('/live/upcoming', { routes, level: 'fan' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Events', '/events'],
      ['Library', '/library'],
      ['Watch', '/live'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Watch' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Events' })).not.toHaveAttribute('aria-current');
  });
});
