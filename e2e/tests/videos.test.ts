import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, openPage } from './browser';
import { fakeMediaArgs, signIn, subscribedCoach, waitForVideo } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch(fakeMediaArgs);
});
afterAll(() => browser?.close());

describe('videos journeys', () => {
  it('a coach records a game, uploads it, marks a highlight and renames it', { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach();
    const { page, problems } = await openPage(browser, '/login');
    await signIn(page, coach.email);

    await page.goto('/upload');
    await page.getByRole('button', { name: 'Camera' }).click();
    const rec = page.getByRole('button', { name: 'Rec' });
    await expect.poll(() => rec.isEnabled()).toBe(true);
    await rec.click();
    await page.getByText('Recording...').waitFor();
    await page.waitForTimeout(3000);

    // Hold the bytes back a moment, so the progress message can be seen before the upload is done.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/storage/**', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByText(/^Uploading 1 videos\.\.\. \d+% done\. Please keep this window open\.\.\.$/).waitFor();
    release();
    // Let the held request's handler finish before the route goes, or it would continue a handled route.
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByText('Your upload is complete! Refreshing the page...').waitFor();
    await page.waitForURL(/\/upload\/confirm\?key=/);
    const key = new URL(page.url()).searchParams.get('key')!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    // The confirm page links to the new video.
    await page.locator(`a[href="/team/videos/${key}"]`).first().click();
    await page.waitForURL(new RegExp(`/team/videos/${key}$`));
    const video = await waitForVideo(coach.access, key);
    expect(video.status).toBe('ready');

    const player = page.getByRole('region', { name: /video player/i });
    await player.waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(() => player.getAttribute('data-state'), { timeout: 15_000 }).toBe('playing');
    // The player starts muted at volume 0.1.
    expect(await player.locator('video').evaluate((v: HTMLVideoElement) => [v.muted, v.volume])).toEqual([true, 0.1]);
    await expect.poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(1);

    await page.getByRole('button', { name: 'Mark Highlight' }).click();
    await expect.poll(() => player.locator('[data-marker]').count()).toBe(1);
    await page.getByRole('button', { name: /^Highlight 1 / }).waitFor();

    await page.getByRole('button', { name: 'Edit title' }).click();
    await page.getByLabel('Title').fill('Hawks vs Owls');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hawks vs Owls' }).waitFor();

    // Saved on the server: a reload shows the title and the highlight.
    await expect.poll(async () => (await waitForVideo(coach.access, key)).title).toBe('Hawks vs Owls');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Hawks vs Owls' }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: /video player/i }).locator('[data-marker]').count()).toBe(1);
    const saved = await waitForVideo(coach.access, key);
    expect(saved.highlights).toHaveLength(1);

    // The library lists it under its new title.
    await page.goto('/team/videos');
    await page.getByText('Hawks vs Owls').waitFor();
    expect(problems).toEqual([]);
  });

  it('film study: speed, frame step by the file\'s own rate, shortcuts, quality switch, storyboard preview, highlight playback', { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach('vstudy');
    const { key } = (await coach.call('/api/user/testvideo', {})) as { key: string };
    const video = await waitForVideo(coach.access, key);
    expect(video.status).toBe('ready');
    const sources = video.sources as Record<string, { fps: number }>;
    const fps = sources.full!.fps;
    expect(fps).toBeCloseTo(25, 2);
    // One highlight around 8 s, saved the way the page saves it.
    const res = await fetch(`${inject('baseUrl')}/api/user/videos/${key}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${coach.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ highlights: [{ intro: 5, highlight: 8, outro: 13 }] }),
    });
    expect(res.status).toBe(200);

    const { page, problems } = await openPage(browser, '/login');
    await signIn(page, coach.email);
    await page.goto(`/team/videos/${key}`);
    const player = page.getByRole('region', { name: /video player/i });
    const element = player.locator('video');
    const now = () => element.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => player.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');

    // Slow motion, then play and pause with Space.
    await page.getByLabel('Playback speed').selectOption('0.5');
    expect(await element.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(0.5);
    // Keys typed into a field are the field's: shortcuts work once focus is back on the page.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Space');
    await expect.poll(() => player.getAttribute('data-state')).toBe('playing');
    await expect.poll(now, { timeout: 10_000 }).toBeGreaterThan(0.3);
    await page.keyboard.press('Space');
    await expect.poll(() => player.getAttribute('data-state')).toBe('paused');

    // '.' and ',' step exactly one frame of this 25 fps file; the arrows skip 5 s.
    const t0 = await now();
    await page.keyboard.press('.');
    await expect.poll(now).toBeCloseTo(t0 + 1 / fps, 3);
    await page.keyboard.press(',');
    await expect.poll(now).toBeCloseTo(t0, 3);
    await page.keyboard.press('ArrowRight');
    await expect.poll(now).toBeCloseTo(t0 + 5, 2);

    // Clicking Next frame leaves that button focused; Space then plays instead of stepping again.
    const t1 = await now();
    await page.getByRole('button', { name: 'Next frame' }).click();
    await expect.poll(now).toBeCloseTo(t1 + 1 / fps, 3);
    await page.keyboard.press('Space');
    await expect.poll(() => player.getAttribute('data-state')).toBe('playing');
    await page.keyboard.press('Space');
    await expect.poll(() => player.getAttribute('data-state')).toBe('paused');

    // Quality: the low rendition takes over at the same position.
    const before = await now();
    await page.getByLabel('Quality').selectOption('low');
    await expect.poll(() => element.evaluate((v: HTMLVideoElement) => v.currentSrc)).toContain('/low.mp4');
    await expect.poll(now).toBeCloseTo(before, 1);

    // Hovering the timeline shows the storyboard tile of that moment.
    const bar = page.getByRole('slider', { name: 'Seek' });
    const box = (await bar.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const preview = page.getByTestId('storyboard-preview');
    await preview.waitFor();
    expect(await preview.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('storyboard.jpg');
    await page.mouse.move(0, 0);

    // A highlight in the list plays from its intro.
    await page.getByRole('button', { name: /^Highlight 1 / }).click();
    await expect.poll(() => player.getAttribute('data-state')).toBe('playing');
    const t = await now();
    expect(t).toBeGreaterThanOrEqual(5);
    expect(t).toBeLessThan(13);
    expect(problems).toEqual([]);
  });

  it('a large upload goes through tus, and a dropped chunk resumes from the server offset', { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach('vtus');
    const { page } = await openPage(browser, '/login');
    await signIn(page, coach.email);

    // Just over the resumable threshold (64 MB): ten 8 MB chunks at most.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-tus-'));
    const file = path.join(dir, 'long-game.mp4');
    await fs.writeFile(file, Buffer.alloc(66 * 1024 * 1024, 7));

    const tusRequests: { method: string; offset: string | undefined; auth: boolean }[] = [];
    page.on('request', (request: Request) => {
      if (!request.url().includes('/api/uploads/tus')) return;
      const headers = request.headers();
      tusRequests.push({ method: request.method(), offset: headers['upload-offset'], auth: (headers.authorization ?? '').startsWith('Bearer ') });
    });
    let patches = 0;
    let dropped: string | undefined;
    await page.route('**/api/uploads/tus/**', async (route) => {
      const request = route.request();
      // The third chunk never arrives: the connection drops.
      if (request.method() === 'PATCH' && ++patches === 3) {
        dropped = request.headers()['upload-offset'];
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });

    try {
      await page.goto('/upload');
      await page.getByLabel('Video files').setInputFiles(file);
      await page.getByText(/^Uploading 1 videos\.\.\./).waitFor();
      await page.getByText('Your upload is complete! Refreshing the page...').waitFor({ timeout: 120_000 });
      await page.waitForURL(/\/upload\/confirm\?key=/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }

    expect(tusRequests[0]).toMatchObject({ method: 'POST' });
    expect(tusRequests.every((r) => r.auth)).toBe(true);
    expect(dropped).toBe(String(16 * 1024 * 1024));
    // After the drop: HEAD asks the server how much arrived, and sending goes on from there, not from 0.
    const afterDrop = tusRequests.slice(tusRequests.findIndex((r) => r.method === 'PATCH' && r.offset === dropped) + 1);
    expect(afterDrop[0]).toMatchObject({ method: 'HEAD' });
    expect(afterDrop.find((r) => r.method === 'PATCH')?.offset).toBe(dropped);
    expect(tusRequests.filter((r) => r.method === 'PATCH' && r.offset === '0')).toHaveLength(1);
  });
});
