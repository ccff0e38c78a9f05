import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility-helpers';
import { launch, openPage, settled } from './browser';
import { signIn, subscribedCoach, waitForVideo } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Opens a page and checks it once it has settled (its heading shown, its data loaded). */
async function violationsAt(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await settled(page);
  // The scheme really applies: the theme provider puts it on <html>.
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  expect(dark ? 'dark' : 'light').toBe(await page.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')));
  return seriousViolations(page);
}

// The theme follows the system by default: both schemes are checked.
describe.each(['light', 'dark'] as const)('WCAG A/AA, %s theme: no serious or critical violation', (colorScheme) => {
  it('on the public pages', { timeout: 90_000 }, async () => {
    const { page } = await openPage(browser, '/login');
    await page.emulateMedia({ colorScheme });
    const found: Record<string, string[]> = {};
    for (const path of ['/login', '/register', '/terms', '/privacy']) found[path] = await violationsAt(page, path);
    expect(found).toEqual({ '/login': [], '/register': [], '/terms': [], '/privacy': [] });
  });

  it('on the main signed-in pages', { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach(`a11y${colorScheme}`);
    const { key } = (await coach.call('/api/user/testvideo', {})) as { key: string };
    await waitForVideo(coach.access, key);
    const { page } = await openPage(browser, '/login');
    await page.emulateMedia({ colorScheme });
    await signIn(page, coach.email);
    const pages = ['/team', '/team/members', '/settings', '/library/videos', `/team/videos/${key}`];
    const found: Record<string, string[]> = {};
    for (const path of pages) found[path] = await violationsAt(page, path);
    expect(found).toEqual(Object.fromEntries(pages.map((path) => [path, []])));
  });
});
