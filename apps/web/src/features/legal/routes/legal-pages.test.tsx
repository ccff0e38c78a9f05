import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/fetch-mock';
import { signedInSession, testConfig } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

describe.each([
  ['/terms', 'Terms of Service', 'termsUrl', 'https://club.example.com/terms'],
  ['/privacy', 'Privacy Policy', 'privacyUrl', 'https://club.example.com/privacy'],
] as const)('%s', (path, title, field, url) => {
  it('is readable by a visitor, without signing in', async () => {
    mockFetch({});
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(2);
    expect(router.state.location.pathname).toBe(path);
  });

  it('is readable when signed in too', async () => {
    mockFetch({});
    renderApp(path, { session: signedInSession, level: 'fan' });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it("points to the operator's own document instead of the placeholder when configured", async () => {
    mockFetch({});
    renderApp(path, { config: { ...testConfig, [field]: url } });
    expect(await screen.findByRole('link', { name: url })).toHaveAttribute('href', url);
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });
});
