import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the page's video plays past `seconds` of new media; answers its state then. */
export async function playsFor(page: Page, seconds: number, selector = 'video') {
  const video = page.locator(selector).first();
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 3 && v.currentTime > 0), { timeout: 30_000 })
    .toBe(true);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement, from: number) => v.currentTime - from, start), { timeout: 30_000 }).toBeGreaterThan(seconds);
  return video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, volume: v.volume, time: v.currentTime }));
}
