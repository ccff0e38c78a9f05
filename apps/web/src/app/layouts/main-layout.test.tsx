import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { MainLayout } from '@/app/layouts/main-layout';
import { installMatchMedia } from '@/test/match-media';
import { renderApp } from '@/test/render-app';

const routes = [{ path: '/', element: <MainLayout />, children: [{ path: '*', element: <p>The page</p> }] }];

function renderLayoutAt(path: string, width: number) {
  const window = installMatchMedia(false, { width });
  renderApp(path, { routes, level: 'team' });
  return window;
}

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

/** Where the navigation sits: before the page (a side bar) or after it (the bottom bar). */
function navPosition(): 'before page' | 'after page' {
  const page = screen.getByRole('main');
  return mainNav().compareDocumentPosition(page) & Node.DOCUMENT_POSITION_FOLLOWING ? 'before page' : 'after page';
}

describe('MainLayout', () => {
  it('on a laptop (1024 px and up) puts the navigation in a side bar, with no bottom bar', () => {
    renderLayoutAt('/team/videos', 1024);
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(navPosition()).toBe('before page');
    expect(mainNav()).not.toHaveClass('fixed');
    expect(screen.getByRole('main')).not.toHaveClass('max-w-3xl');
  });

  it("gives the side bar the level's items, the current page marked", () => {
    renderLayoutAt('/team/videos', 1366);
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Team', '/team'],
      ['Library', '/library'],
      ['Upload', '/upload'],
      ['Watch', '/live'],
      ['Profile', '/profile'],
    ]);
    expect(within(mainNav()).getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Watch' })).not.toHaveAttribute('aria-current');
  });

  it('on a phone (below 1024 px) keeps the fixed bottom bar under a centred column', () => {
    renderLayoutAt('/team', 1023);
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(navPosition()).toBe('after page');
    expect(mainNav()).toHaveClass('fixed', 'bottom-0');
    expect(screen.getByRole('main')).toHaveClass('max-w-3xl');
  });

  it('switches between the two when the window is resized across 1024 px', () => {
    const window = renderLayoutAt('/team', 390);
    expect(navPosition()).toBe('after page');
    act(() => window.setWidth(1280));
    expect(navPosition()).toBe('before page');
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    act(() => window.setWidth(800));
    expect(navPosition()).toBe('after page');
  });

  it('shows no navigation at any width while the level is unknown', () => {
    installMatchMedia(false, { width: 1366 });
    renderApp('/team', { routes });
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
