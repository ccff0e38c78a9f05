import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, openPage } from './browser';
import { apiCall } from './clips-helpers';
import { playsFor } from './live-helpers';
import { fakeMediaArgs, signIn, subscribedCoach } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  // Chromium's synthetic camera and microphone, granted without a prompt: what a phone's camera gives the page.
  browser = await launch(fakeMediaArgs);
});
afterAll(() => browser?.close());

interface LiveState {
  live: boolean;
  status: string;
  source: string | null;
}

const playlistOf = async (source: string) => (await fetch(`${inject('baseUrl')}${source}`)).text();

describe('going live from this phone', () => {
  it("a coach goes live from /upload's camera, the stream plays live in another window, and End leaves an archive that plays", async () => {
    const coach = await subscribedCoach('phcoach');
    const state = async (key: string) => (await apiCall(coach.access, 'GET', `/api/live/${key}`)).body as unknown as LiveState;
    const phone = await openPage(browser, '/login');
    await signIn(phone.page, coach.email);

    await phone.page.goto('/upload');
    await phone.page.getByRole('button', { name: 'Camera' }).click();
    await expect.poll(() => phone.page.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => v.readyState >= 2), { timeout: 15_000 }).toBe(true);
    // The coach's profile names no sport: the page asks for one before it can create the event.
    const goLive = phone.page.getByRole('button', { name: 'Go live' });
    expect(await goLive.isDisabled()).toBe(true);
    await phone.page.getByLabel('Sport', { exact: true }).selectOption('BBK');
    await goLive.click();

    // The badge shows once the server said it is ready and the recorder runs; the link names the event.
    await expect.poll(() => phone.page.getByText(/^LIVE \d/).isVisible(), { timeout: 20_000 }).toBe(true);
    const viewerPath = await phone.page.getByRole('link', { name: 'Open the viewer page' }).getAttribute('href');
    const key = decodeURIComponent(viewerPath!.split('/').pop()!);

    // Live through the same pipeline as an encoder's: live with a source, and a playlist with segments.
    await expect.poll(async () => (await state(key)).live, { timeout: 30_000 }).toBe(true);
    const live = await state(key);
    expect(live).toMatchObject({ live: true, status: 'live', source: expect.stringMatching(/^\/api\/live\/.+\/index\.m3u8\?token=/) });
    await expect.poll(async () => (await playlistOf(live.source!)).match(/#EXTINF/g)?.length ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(await playlistOf(live.source!)).not.toContain('#EXT-X-ENDLIST');

    // Another window (the coach on a laptop, say) watches it: the video advances.
    const viewer = await openPage(browser, '/login');
    await signIn(viewer.page, coach.email);
    await viewer.page.goto(`/live/${encodeURIComponent(key)}`);
    await playsFor(viewer.page, 3);

    // End on the phone: the page goes back to Go live without an error, and the event ends like an encoder's stop.
    await phone.page.getByRole('button', { name: 'End' }).click();
    await expect.poll(() => goLive.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phone.page.getByRole('alert').count()).toBe(0);
    await expect.poll(async () => (await state(key)).status, { timeout: 15_000 }).toBe('ended');
    const archive = await state(key);
    expect(archive.live).toBe(false);
    const playlist = await playlistOf(archive.source!);
    expect(playlist).toMatch(/#EXT-X-ENDLIST\n$/);
    expect(playlist.match(/#EXTINF/g)!.length).toBeGreaterThanOrEqual(3);

    await viewer.page.goto(`/live/archives/${encodeURIComponent(key)}`);
    await playsFor(viewer.page, 2);

    for (const { problems } of [phone, viewer]) expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    await viewer.context.close();
    await phone.context.close();
  }, 180_000);
});
