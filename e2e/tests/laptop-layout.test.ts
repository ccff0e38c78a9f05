import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';
import { signIn, subscribedCoach, waitForVideo } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const laptop = { width: 1366, height: 768 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

describe('film study on a laptop (1366 x 768)', () => {
  it('navigates from a side bar, plays the film beside its highlights and clips, and shows clips in a dense grid', { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach('lapcoach');
    const { key } = (await coach.call('/api/user/testvideo', {})) as { key: string };
    expect((await waitForVideo(coach.access, key)).status).toBe('ready');
    for (const timestamp of [1, 4, 7, 10, 13]) await coach.call(`/api/user/videos/${key}/clips`, { timestamp, duration: 2 });

    const { page, problems } = await openPage(browser, '/login', laptop);
    await signIn(page, coach.email);
    await page.goto('/team/videos');

    // One navigation, at the left edge under the header, with the level's items; no bottom bar.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    expect((await nav.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(['Team', 'Library', 'Upload', 'Watch', 'Profile']);
    expect(await page.getByRole('navigation').count()).toBe(1);
    const navBox = await box(nav);
    expect(navBox.x).toBe(0);
    expect(navBox.height).toBeGreaterThan(laptop.height / 2);
    const main = await box(page.getByRole('main'));
    expect(main.x).toBeGreaterThanOrEqual(navBox.x + navBox.width);
    // The page uses the width instead of a phone column (768 px at most).
    expect(main.width).toBeGreaterThan(1000);

    await page.goto(`/team/videos/${key}`);
    const player = page.getByRole('region', { name: /video player/i });
    const highlights = page.getByRole('heading', { name: 'Highlights' });
    const videoClips = page.getByRole('list', { name: 'Clips of this video' });
    await videoClips.waitFor();
    const playerBox = await box(player);
    const highlightsBox = await box(highlights);
    // The player fills its column and stays on screen; highlights and clips sit to its right, not below it.
    expect(playerBox.width).toBeGreaterThan(650);
    expect(playerBox.y + playerBox.height).toBeLessThanOrEqual(laptop.height);
    expect(highlightsBox.x).toBeGreaterThan(playerBox.x + playerBox.width);
    expect(highlightsBox.y).toBeLessThan(playerBox.y + playerBox.height);
    expect((await box(videoClips)).x).toBeGreaterThan(playerBox.x + playerBox.width);

    // The clip library shows five cards a row at this width (two on a phone).
    await page.goto('/team/clips');
    const cards = page.getByRole('main').getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(5);
    const tops = await Promise.all((await cards.all()).map(async (card) => Math.round((await box(card)).y)));
    expect(new Set(tops).size).toBe(1);

    // The clip page puts the comments beside the player.
    await cards.first().getByRole('link').first().click();
    const clipPlayer = page.getByRole('region', { name: /reel player/i });
    const comments = page.getByRole('textbox', { name: 'Comment' });
    await comments.waitFor();
    expect((await box(comments)).x).toBeGreaterThan((await box(clipPlayer)).x + (await box(clipPlayer)).width);
    expect(problems).toEqual([]);
  });
});
