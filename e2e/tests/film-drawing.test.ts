import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';
import { apiWithToken, signIn, subscribedCoach, waitForVideo } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The generated test video is 20 s of 1280x720 at 25 fps. */
const FRAME_SEC = 1 / 25;

const sizes = [
  ['a phone', { width: 420, height: 860 }],
  ['a laptop', { width: 1366, height: 768 }],
] as const;

describe('telestration: drawing on a paused frame', () => {
  it.each(sizes)('on %s: draws an arrow, saves it, and playback holds on it, then plays on', { timeout: 180_000 }, async (_name, viewport) => {
    const coach = await subscribedCoach('draw');
    const { key } = (await coach.call('/api/user/testvideo', {})) as { key: string };
    expect((await waitForVideo(coach.access, key)).status).toBe('ready');

    const { page, problems } = await openPage(browser, '/login', viewport);
    await signIn(page, coach.email);
    await page.goto(`/team/videos/${key}`);
    const player = page.getByRole('region', { name: /video player/i });
    const video = player.locator('video');
    const now = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => player.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');

    // Play a moment, then pause: the frame to draw on.
    await page.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(now, { timeout: 10_000 }).toBeGreaterThan(2);
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => player.getAttribute('data-state')).toBe('paused');
    const at = Math.round((await now()) * 1000) / 1000;

    await player.getByRole('button', { name: 'Draw' }).click();
    await player.getByRole('toolbar', { name: 'Drawing tools' }).waitFor();
    expect(await player.getByRole('button', { name: 'Arrow' }).getAttribute('aria-pressed')).toBe('true');
    // The layer covers the picture; a 16:9 video fills this 16:9 box, so its fractions are the frame's.
    const area = player.getByLabel('Drawing area');
    const box = (await area.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => area.locator('[data-shape="arrow"]').count()).toBe(1);
    // The drawing's SVG sits exactly on the displayed frame.
    const svg = (await area.locator('svg[data-drawing]').boundingBox())!;
    expect(Math.abs(svg.width - box.width)).toBeLessThan(1);
    expect(Math.abs(svg.height - box.height)).toBeLessThan(1);

    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/user/videos/${key}/drawings`));
    await player.getByRole('button', { name: 'Save' }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    const drawing = (await response.json()) as { at: number; holdSeconds: number; shapes: { type: string; points: [number, number][] }[] };
    expect(drawing.at).toBeCloseTo(at, 3);
    expect(drawing.holdSeconds).toBe(3);
    expect(drawing.shapes.map((s) => s.type)).toEqual(['arrow']);
    const [start, end] = drawing.shapes[0]!.points;
    expect(start![0]).toBeCloseTo(0.3, 1);
    expect(start![1]).toBeCloseTo(0.6, 1);
    expect(end![0]).toBeCloseTo(0.6, 1);
    expect(end![1]).toBeCloseTo(0.4, 1);
    await player.getByRole('toolbar', { name: 'Drawing tools' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Drawing at .* by / }).waitFor();
    const listed = await apiWithToken(coach.access, `/api/user/videos/${key}/drawings`);
    expect((listed.body.items as unknown[]).length).toBe(1);

    // Paused on its frame the drawing shows, on the displayed frame also in fullscreen, where the
    // picture is letterboxed to the screen's shape.
    const shown = player.getByRole('img', { name: 'Drawing with 1 shape' });
    await shown.waitFor();
    await player.getByRole('button', { name: 'Fullscreen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    const frame = await video.evaluate((v: HTMLVideoElement) => {
      const r = v.getBoundingClientRect();
      const scale = Math.min(r.width / v.videoWidth, r.height / v.videoHeight);
      const [width, height] = [v.videoWidth * scale, v.videoHeight * scale];
      return { x: r.x + (r.width - width) / 2, y: r.y + (r.height - height) / 2, width, height };
    });
    await expect.poll(async () => (await shown.boundingBox())!.width).toBeCloseTo(frame.width, 0);
    const inFullscreen = (await shown.boundingBox())!;
    for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(inFullscreen[side] - frame[side])).toBeLessThan(1);
    await player.getByRole('button', { name: 'Exit fullscreen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    // Play through it from a second and a half before: playback stops on its frame, shows it with a
    // countdown for its 3 s, then plays on by itself.
    await video.evaluate((v: HTMLVideoElement, t: number) => (v.currentTime = t), Math.max(0, at - 1.5));
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => player.getAttribute('data-state')).toBe('playing');
    const countdown = player.getByTestId('hold-countdown');
    await countdown.waitFor({ timeout: 10_000 });
    expect(await player.getAttribute('data-state')).toBe('paused');
    expect(Math.abs((await now()) - at)).toBeLessThanOrEqual(FRAME_SEC);
    expect(await countdown.textContent()).toMatch(/plays on in [1-3] s/);
    await player.getByRole('img', { name: 'Drawing with 1 shape' }).waitFor();
    await expect.poll(() => player.getAttribute('data-state'), { timeout: 10_000 }).toBe('playing');
    await countdown.waitFor({ state: 'detached' });
    await expect.poll(now).toBeGreaterThan(at + 0.2);

    // Seeking past it while playing does not hold (the second seek comes well within the second
    // the first leaves before the drawing).
    await video.evaluate((v: HTMLVideoElement, t: number) => (v.currentTime = t), Math.max(0, at - 1));
    await video.evaluate((v: HTMLVideoElement, t: number) => (v.currentTime = t), at + 0.5);
    await expect.poll(now).toBeGreaterThan(at + 0.7);
    expect(await countdown.count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
