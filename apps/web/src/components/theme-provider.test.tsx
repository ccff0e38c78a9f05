import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ModeToggle } from '@/components/mode-toggle';
import { THEME_STORAGE_KEY } from '@/components/theme-context';
import { ThemeProvider } from '@/components/theme-provider';
import { useTheme } from '@/components/use-theme';
import { installMatchMedia } from '@/test/match-media';

function ThemeProbe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p>
        {theme}/{resolvedTheme}
      </p>
      <button onClick={() => setTheme('dark')}>dark</button>
      <button onClick={() => setTheme('light')}>light</button>
      <button onClick={() => setTheme('system')}>system</button>
    </div>
  );
}

const html = () => document.documentElement;

describe('ThemeProvider', () => {
  it('stores under vite-ui-theme', () => {
    expect(THEME_STORAGE_KEY).toBe('vite-ui-theme');
  });

  it('defaults to system, resolved from the OS', () => {
    installMatchMedia(true);
    render(<ThemeProvider><ThemeProbe /></ThemeProvider>);
    expect(screen.getByText('system/dark')).toBeInTheDocument();
    expect(html()).toHaveClass('dark');
  });

  it('starts from the stored theme', () => {
    localStorage.setItem('vite-ui-theme', 'dark');
    render(<ThemeProvider><ThemeProbe /></ThemeProvider>);
    expect(html()).toHaveClass('dark');
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem('vite-ui-theme', 'purple');
    render(<ThemeProvider><ThemeProbe /></ThemeProvider>);
    expect(screen.getByText('system/light')).toBeInTheDocument();
  });

  it('persists the choice and applies the class', async () => {
    const user = userEvent.setup();
    render(<ThemeProvider><ThemeProbe /></ThemeProvider>);

    await user.click(screen.getByRole('button', { name: 'dark' }));
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');
    expect(html()).toHaveClass('dark');
    expect(html()).not.toHaveClass('light');

    await user.click(screen.getByRole('button', { name: 'light' }));
    expect(localStorage.getItem('vite-ui-theme')).toBe('light');
    expect(html()).toHaveClass('light');
    expect(html()).not.toHaveClass('dark');
  });

  it('follows live OS changes in system mode', () => {
    const os = installMatchMedia(false);
    render(<ThemeProvider><ThemeProbe /></ThemeProvider>);
    expect(html()).toHaveClass('light');

    act(() => os.setDark(true));
    expect(html()).toHaveClass('dark');
    expect(screen.getByText('system/dark')).toBeInTheDocument();

    act(() => os.setDark(false));
    expect(html()).toHaveClass('light');
  });

  it('does not follow the OS once light or dark is chosen', async () => {
    const os = installMatchMedia(false);
    const user = userEvent.setup();
    render(<ThemeProvider><ThemeProbe /></ThemeProvider>);
    await user.click(screen.getByRole('button', { name: 'light' }));

    act(() => os.setDark(true));
    expect(html()).toHaveClass('light');
  });
});

describe('ModeToggle', () => {
  it('offers exactly Light, Dark and System, and applies the choice', async () => {
    const user = userEvent.setup();
    render(<ThemeProvider><ModeToggle /></ThemeProvider>);

    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Light', 'Dark', 'System']);

    await user.click(screen.getByRole('menuitem', { name: 'Dark' }));
    expect(html()).toHaveClass('dark');
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');

    // Once loaded, the menu opens again from the same button.
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'System' }));
    expect(localStorage.getItem('vite-ui-theme')).toBe('system');
  });
});
