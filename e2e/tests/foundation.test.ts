import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { launch, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('foundation journey', () => {
  it('sends a visitor from / to /login, keeping where they came from', async () => {
    const { page, context, problems } = await openPage(browser, '/');
    await page.waitForURL(/\/login/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/sign in/i);
    expect(await page.title()).toMatch(/sign in/i);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches the theme to Dark from the header menu and keeps it after a reload', async () => {
    const { page, context, problems } = await openPage(browser, '/login');
    const html = page.locator('html');
    await page.getByRole('button', { name: /toggle theme/i }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => html.getAttribute('class')).toMatch(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await html.getAttribute('class')).toMatch(/\bdark\b/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');

    await page.getByRole('button', { name: /toggle theme/i }).click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(() => html.getAttribute('class')).not.toMatch(/\bdark\b/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the error page for an unknown route', async () => {
    const { page, context } = await openPage(browser, '/no/such/page');
    await page.getByText('Oops! Sorry, an unexpected error has occurred.').waitFor();
    expect(await page.getByText('Not Found').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('loads a deep link from the server (history fallback) and sends a visitor to sign in with the origin kept', async () => {
    const res = await fetch(`${inject('baseUrl')}/library/videos/all`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);

    const { page, context, problems } = await openPage(browser, '/library/videos/all');
    await page.waitForURL(/\/login/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/library/videos/all');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the sign-in page loads only the entry and its own chunk (code splitting)', async () => {
    const { page, context, scripts } = await openPage(browser, '/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const pageChunks = scripts.filter((s) => /video|upload|live|profile|team|library|register|subscribe/i.test(s));
    expect(pageChunks).toEqual([]);
    await context.close();
  });
});
