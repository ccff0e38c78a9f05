import { spawn } from 'node:child_process';
import { findFfmpeg } from '@app/media/binaries';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

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

/** An encoder as the setup hint asks for it (1 s keyframes), publishing a test pattern and a tone in real time. */
export function encoder(ingestAddress: string, seconds: number) {
  // The address shows the public host name; the test publishes on loopback where the app listens.
  const url = new URL(ingestAddress);
  url.hostname = '127.0.0.1';
  url.port = String(inject('rtmpPort'));
  const child = spawn(
    findFfmpeg().path,
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k'],
      ...['-f', 'flv', url.href],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exited, stop: () => child.kill('SIGINT'), stderr: () => stderr };
}
