import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';
import { apiCall, clipsCut } from './clips-helpers';
import { subscribedCoach, waitForVideo } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('reel playback journeys', () => {
  it('a visitor opens a 2-chunk reel\'s share link signed out and plays it through the chunk switch', { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach('reelcoach');
    const { key } = (await coach.call('/api/user/testvideo', {})) as { key: string };
    expect((await waitForVideo(coach.access, key)).status).toBe('ready');
    // Two short clips of the 20 s test video, and a reel of both, shared by its maker; a link plays
    // the clips' own files, so it waits for their cuts.
    const first = (await coach.call(`/api/user/videos/${key}/clips`, { timestamp: 3, duration: 2 })) as { clip_id: number };
    const second = (await coach.call(`/api/user/videos/${key}/clips`, { timestamp: 12, duration: 2 })) as { clip_id: number };
    const { reelId } = (await coach.call(`/api/user/reels/${key}`, { clips: [first.clip_id, second.clip_id] })) as { reelId: string };
    expect((await apiCall(coach.access, 'PUT', `/api/user/reels/${reelId}/sharing`, { shared: true })).status).toBe(200);
    await clipsCut(coach.access, reelId);

    // The share link, signed out (a fresh context has no session). The signed-in reel page reads
    // GET /api/user/reels/{id}, which lands with the reels API; both pages use the same player.
    const { page, context, problems } = await openPage(browser, `/r/${reelId}`);
    expect(await context.cookies()).toEqual([]);
    const player = page.getByRole('region', { name: /reel player/i });
    await player.waitFor({ timeout: 15_000 });
    // One snapshot of the player per read: the chunk shown, which element shows it, its time and
    // in-point (reads in separate calls could straddle the next switch on a slow machine).
    const snapshot = () =>
      player.evaluate((region) => {
        const all = Array.from(region.querySelectorAll('video'));
        const shown = all.findIndex((v) => v.dataset.active === 'true');
        const video = all[shown]!;
        return { chunk: region.getAttribute('data-chunk'), shown, time: video.currentTime, in: Number(video.dataset.in), playing: !video.paused };
      });
    const start = await snapshot();
    expect(start.chunk).toBe('0');

    await page.getByRole('button', { name: 'Play reel' }).click();
    await expect.poll(() => player.getAttribute('data-state')).toBe('playing');
    // At the first chunk's out-point the other element, preloaded at the second chunk's in-point,
    // takes over and plays on from there.
    await expect
      .poll(async () => {
        const now = await snapshot();
        return now.chunk === '1' && now.shown !== start.shown && now.playing && now.time > now.in + 0.2;
      }, { timeout: 20_000 })
      .toBe(true);
    // After the last chunk, back to the first, on the element that held it (preloaded again, from
    // its in-point: that element played it to its out-point before).
    await expect
      .poll(async () => {
        const now = await snapshot();
        return now.chunk === '0' && now.shown === start.shown && now.time < now.in + 1;
      }, { timeout: 20_000 })
      .toBe(true);
    expect(problems).toEqual([]);

    // An unknown (or unshared) link is a clear page, not an error.
    await page.goto(`/r/${'0'.repeat(32)}`);
    await page.getByRole('heading', { level: 1, name: 'This reel is not shared' }).waitFor();
    await context.close();
  });
});
