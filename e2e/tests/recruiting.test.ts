import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';
import { apiCall, clipsCut, readyVideo, teammate } from './clips-helpers';
import { signIn, subscribedCoach } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('recruiting card journey', () => {
  it('an athlete publishes the card with a reel; a signed-out visitor sees only the ticked fields; switched off, the link is not available', { timeout: 240_000 }, async () => {
    const coach = await subscribedCoach('reccoach');
    const key = await readyVideo(coach, 'Final');
    const athlete = await teammate(coach);
    const profile = { name: 'Jordan Vale', sport: 'Soccer', sportPosition: 'Goalkeeper', height: '6\'2"', weight: '180 lb', phone: '+1 555 0142', city: 'Harbor Town' };
    expect((await apiCall(athlete.access, 'PUT', '/api/user/me', profile)).status).toBe(200);
    const clip = (await athlete.call(`/api/user/videos/${key}/clips`, { timestamp: 4, duration: 2 })) as { _id: string; clip_id: number };
    const { reelId } = (await athlete.call(`/api/user/reels/${key}`, { clips: [clip.clip_id] })) as { reelId: string };
    expect((await apiCall(athlete.access, 'PUT', `/api/user/reels/${reelId}`, { title: 'Saves', chunks: [{ clip: clip._id, in: 0, out: 2 }] })).status).toBe(200);
    await clipsCut(athlete.access, reelId);

    // The athlete publishes, hides their weight, and picks the (private) reel, which turns its link on.
    const { page, context } = await openPage(browser, '/login');
    await signIn(page, athlete.email);
    await page.goto('/profile/recruiting');
    await page.getByRole('switch', { name: 'Publish my card' }).click();
    const link = page.getByRole('textbox', { name: 'Card link' });
    await link.waitFor();
    await page.getByRole('checkbox', { name: 'Weight' }).uncheck();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Weight' }).isChecked()).toBe(false);
    await page.getByRole('radio', { name: /Saves/ }).check();
    await page.getByText('1 clip · Share link on').waitFor();
    const url = new URL(await link.inputValue());

    // A visitor with no session.
    const visitor = await openPage(browser, url.pathname);
    expect(await visitor.context.cookies()).toEqual([]);
    await visitor.page.getByRole('heading', { level: 1, name: 'Jordan Vale' }).waitFor();
    const card = visitor.page.getByRole('article', { name: 'Recruiting card: Jordan Vale' });
    await card.getByText('Soccer · Goalkeeper').waitFor();
    await card.getByText('6\'2"').waitFor();
    await card.getByRole('region', { name: /reel player/i }).waitFor();
    const text = await card.innerText();
    for (const hidden of ['180 lb', '+1 555 0142', 'Harbor Town', athlete.email]) expect(text).not.toContain(hidden);

    // Switched off: the same link is a clear "not available" page.
    await page.getByRole('switch', { name: 'Publish my card' }).click();
    await link.waitFor({ state: 'detached' });
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { name: 'This card is not available' }).waitFor();
    expect(await visitor.page.getByText('Jordan Vale').count()).toBe(0);
    await visitor.context.close();
    await context.close();
  });
});
