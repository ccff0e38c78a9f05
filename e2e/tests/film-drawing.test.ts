import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFfmpeg } from '@app/media/binaries';
import { probe } from '@app/media/probe';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';
import { apiCall } from './clips-helpers';
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

type Point = [number, number];

/** Frame `n` of `file` decoded to RGB: what a viewer of the downloaded MP4 sees. */
async function decodedFrame(file: string, n: number, width: number, height: number): Promise<Buffer> {
  const args = ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${n})`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const rgb = await new Promise<Buffer>((resolve, reject) =>
    execFile(findFfmpeg().path, args, { encoding: 'buffer', maxBuffer: 64 << 20 }, (err, out) => (err ? reject(err) : resolve(out))),
  );
  if (rgb.length !== width * height * 3) throw new Error(`frame ${n}: ${rgb.length} bytes, not one ${width}x${height} frame`);
  return rgb;
}

/** Whether the frame is red (the toolbar's Red, #ff3b30, after H.264) around a point given as fractions of the frame. */
function redAt(rgb: Buffer, width: number, height: number, [x, y]: Point): boolean {
  const i = (Math.round(y * (height - 1)) * width + Math.round(x * (width - 1))) * 3;
  return rgb[i]! > 180 && rgb[i + 1]! < 110 && rgb[i + 2]! < 110;
}

describe("a clip's Download MP4 burns its drawing in", () => {
  it('on a laptop: a red arrow drawn on a paused frame, a clip around it, downloaded from the clip page, holds that frame with the arrow for the hold', { timeout: 300_000 }, async () => {
    const coach = await subscribedCoach('drawexport');
    const { key } = (await coach.call('/api/user/testvideo', {})) as { key: string };
    expect((await waitForVideo(coach.access, key)).status).toBe('ready');

    const { page, problems } = await openPage(browser, '/login', { width: 1366, height: 900 });
    await signIn(page, coach.email);
    await page.goto(`/team/videos/${key}`);
    const player = page.getByRole('region', { name: /video player/i });
    const video = player.locator('video');
    const now = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => player.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');

    // The test pattern shows no red in the middle of the frame in its first 3.5 s: the arrow is drawn there then.
    await page.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(now, { timeout: 10_000 }).toBeGreaterThan(1.5);
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => player.getAttribute('data-state')).toBe('paused');
    const at = await now();
    expect(at).toBeLessThan(3);

    await player.getByRole('button', { name: 'Draw' }).click();
    await player.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Red' }).click();
    await player.getByRole('combobox', { name: 'Width' }).selectOption({ label: 'Thick' });
    const area = player.getByLabel('Drawing area');
    const box = (await area.boundingBox())!;
    const to = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
    await page.mouse.move(...to(0.28, 0.75));
    await page.mouse.down();
    await page.mouse.move(...to(0.45, 0.62), { steps: 5 });
    await page.mouse.move(...to(0.56, 0.55), { steps: 5 });
    await page.mouse.up();
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/user/videos/${key}/drawings`));
    await player.getByRole('button', { name: 'Save' }).click();
    const drawing = (await (await saved).json()) as { at: number; holdSeconds: number; shapes: { type: string; color: string; points: Point[] }[] };
    expect(drawing.shapes.map((s) => [s.type, s.color])).toEqual([['arrow', '#ff3b30']]);
    expect(drawing.holdSeconds).toBe(3);
    const [from, tip] = drawing.shapes[0]!.points as [Point, Point];
    await player.getByRole('toolbar', { name: 'Drawing tools' }).waitFor({ state: 'detached' });

    // A clip from a second before the drawing to two after, marked with i and o.
    await page.getByRole('heading', { level: 1 }).click();
    await video.evaluate((v: HTMLVideoElement, t: number) => (v.currentTime = t), at - 1);
    await expect.poll(now).toBeCloseTo(at - 1, 2);
    await page.keyboard.press('i');
    await video.evaluate((v: HTMLVideoElement, t: number) => (v.currentTime = t), at + 2);
    await expect.poll(now).toBeCloseTo(at + 2, 2);
    await page.keyboard.press('o');
    await page.getByRole('button', { name: 'Clip', exact: true }).click();
    await page.waitForURL(/\/team\/clips\/[^/]+$/);
    const clips = await apiCall(coach.access, 'GET', '/api/user/clips');
    const clip = (clips.body.items as { start: number; duration: number }[])[0]!;
    expect(clip.start).toBeCloseTo(at - 1, 1);
    expect(clip.duration).toBeCloseTo(3, 1);

    // Download MP4 on the clip page: its progress, then the file through the browser's download.
    await page.getByRole('region', { name: /reel player/i }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Download MP4' }).click();
    await page.getByRole('status').filter({ hasText: /Preparing the MP4\.\.\. \d+%/ }).waitFor();
    const link = page.getByRole('link', { name: 'Download MP4' });
    await link.waitFor({ timeout: 120_000 });
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.mp4$/);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-e2e-draw-'));
    try {
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const mp4 = await probe(file);
      const { width, height, fps } = mp4.video!;
      const frameSec = 1 / (fps ?? 25);
      // The clip's length plus the hold, to a frame or two.
      expect(Math.abs(mp4.durationSec! - (clip.duration + drawing.holdSeconds))).toBeLessThanOrEqual(2 * frameSec);

      // Mid-hold, the frame drawn on shows the arrow in red along its length, and no red away from it.
      const drawnFrame = Math.round((drawing.at - clip.start) / frameSec);
      const along = [0.1, 0.3, 0.5, 0.7, 0.9].map((f): Point => [from[0] + (tip[0] - from[0]) * f, from[1] + (tip[1] - from[1]) * f]);
      const away: Point[] = [
        [0.3, 0.3],
        [0.45, 0.2],
        [0.6, 0.85],
        [0.25, 0.55],
        [0.5, 0.75],
        [0.58, 0.4],
      ];
      for (const n of [drawnFrame + Math.round(drawing.holdSeconds / 2 / frameSec), drawnFrame + Math.round((drawing.holdSeconds - 0.5) / frameSec)]) {
        const held = await decodedFrame(file, n, width, height);
        expect(along.map((p) => redAt(held, width, height, p)), `frame ${n} along the arrow`).toEqual(along.map(() => true));
        expect(away.map((p) => redAt(held, width, height, p)), `frame ${n} away from it`).toEqual(away.map(() => false));
      }
      // Before the drawn frame the picture plays as filmed: nothing red where the arrow will be.
      const before = await decodedFrame(file, Math.max(0, drawnFrame - 10), width, height);
      expect(along.map((p) => redAt(before, width, height, p))).toEqual(along.map(() => false));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    expect(problems).toEqual([]);
  });
});
