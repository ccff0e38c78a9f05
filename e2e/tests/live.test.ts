import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registeredByApi } from './accounts-helpers';
import { launch, openPage } from './browser';
import { apiCall } from './clips-helpers';
import { newPerson } from './identity-helpers';
import { encoder, playsFor } from './live-helpers';
import { signIn, subscribedCoach } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('live games', () => {
  it('a coach sets up a stream, publishes over RTMP, a fan watches it live and clips it, and the archive plays once it ends', async () => {
    const coach = await subscribedCoach('lcoach');
    const { page, problems } = await openPage(browser, '/login');
    await signIn(page, coach.email);

    // Set Up Stream on /live: the key replaces the form.
    await page.goto('/live');
    await page.getByLabel('Event title').fill('Hawks vs Owls');
    const now = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Date and time').fill(now);
    await page.getByLabel('Sport', { exact: true }).selectOption('IHK');
    await page.getByRole('switch').check({ force: true });
    await page.getByRole('button', { name: 'Set Up Stream' }).click();
    await expect.poll(() => page.getByText('Setup your encoder with this key').isVisible(), { timeout: 15_000 }).toBe(true);
    // As OBS asks for them: the server, and the key (revealed) on its own; the full URL for other encoders.
    await page.getByRole('button', { name: 'Reveal stream key' }).click();
    const server = await page.getByLabel('Server', { exact: true }).inputValue();
    const streamKey = await page.getByLabel('Stream key', { exact: true }).inputValue();
    expect(server).toMatch(/^rtmp:\/\/localhost:\d+\/live$/);
    expect(streamKey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const ingestAddress = await page.getByLabel('Full URL', { exact: true }).inputValue();
    expect(ingestAddress).toBe(`${server}/${streamKey}`);
    const eventPath = await page.getByRole('link', { name: 'Open the event page' }).getAttribute('href');
    const key = decodeURIComponent(eventPath!.split('/').pop()!);
    // The public key never lets anyone publish: it is not in the ingest address.
    expect(ingestAddress).not.toContain(key);

    const publisher = encoder(ingestAddress, 60);
    try {
      await expect
        .poll(async () => ((await apiCall(coach.access, 'GET', `/api/live/${key}`)).body as { status: string }).status, { timeout: 20_000 })
        .toBe('live');

      // A fan of another team finds the public game and, with a subscription, watches it live.
      const fanPerson = newPerson('lfan');
      const fan = await registeredByApi(fanPerson, 'fan');
      const unsubscribed = (await apiCall(fan.access, 'GET', `/api/live/${key}`)).body as { playable: boolean; source: string | null };
      expect(unsubscribed).toMatchObject({ playable: false, source: null });
      await fan.call('/api/billing/local/subscribe', { type: 'fan' });
      const fanView = await openPage(browser, '/login');
      await signIn(fanView.page, fanPerson.email);
      await fanView.page.goto(`/live/${encodeURIComponent(key)}`);
      await expect.poll(() => fanView.page.getByText('Hawks').first().isVisible(), { timeout: 15_000 }).toBe(true);
      const playing = await playsFor(fanView.page, 3);
      expect(playing).toMatchObject({ muted: true, volume: 0.1 });
      await expect.poll(() => fanView.page.getByRole('button', { name: 'Live: at the live edge' }).isVisible(), { timeout: 15_000 }).toBe(true);

      // 'Save a clip' keeps the game on screen; the toast's View opens the clip, which plays.
      await fanView.page.getByRole('group', { name: 'Save a clip' }).getByRole('button', { name: 'Save a clip' }).click();
      const toast = fanView.page.getByRole('status').filter({ hasText: 'Clip saved to Game Highlights.' });
      await toast.waitFor({ timeout: 30_000 });
      expect(new URL(fanView.page.url()).pathname).toBe(`/live/${encodeURIComponent(key)}`);
      await toast.getByRole('link', { name: 'View' }).click();
      await fanView.page.waitForURL(/\/(team|library)\/clips\/[^/]+$/, { timeout: 30_000 });
      const clipPage = new URL(fanView.page.url()).pathname;
      // The clip page's chunk player waits for a press; then the element shown plays the clip.
      await fanView.page.getByRole('button', { name: 'Play reel' }).click();
      await playsFor(fanView.page, 1, 'video[data-active="true"]');
      const clips = (await apiCall(fan.access, 'GET', `/api/user/clips/${key}`)).body as { items: { stream_id: string; duration: number }[] };
      expect(clips.items).toHaveLength(1);
      expect(clips.items[0]!.stream_id).toBe(key);
      expect(clips.items[0]!.duration).toBeGreaterThan(3);

      // The encoder stops: the event ends and its archive is the whole playlist, ended.
      publisher.stop();
      await publisher.exited;
      await expect
        .poll(async () => ((await apiCall(coach.access, 'GET', `/api/live/${key}`)).body as { status: string }).status, { timeout: 10_000 })
        .toBe('ended');
      const archive = (await apiCall(fan.access, 'GET', `/api/live/${key}`)).body as { source: string };
      const playlist = await (await fetch(`${inject('baseUrl')}${archive.source}`)).text();
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
      expect(playlist).not.toContain('CAN-BLOCK-RELOAD');
      expect(playlist).toContain('#EXT-X-ENDLIST');

      await fanView.page.goto(`/live/archives/${encodeURIComponent(key)}`);
      await playsFor(fanView.page, 2);
      // The fan's clip is one of the game's highlights, and opens its page.
      const highlights = fanView.page.getByRole('list', { name: 'Game highlights' });
      await expect.poll(() => highlights.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
      await highlights.getByRole('link').first().click();
      await fanView.page.waitForURL((url) => url.pathname === clipPage, { timeout: 15_000 });
      expect(fanView.problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await fanView.context.close();
    } finally {
      publisher.stop();
      await publisher.exited;
    }
    expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
  }, 180_000);
});
