import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClip } from '../../packages/media/src/test-clip';
import { launch, openPage } from './browser';
import { apiWithToken, signIn, subscribedCoach, waitForVideo } from './videos-helpers';

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launch();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-files-'));
});
afterAll(async () => {
  await browser?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('video files', () => {
  it('the picker refuses a text file; a real video is titled after its file and its owner deletes it', { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach('vfiles');
    const { page, problems } = await openPage(browser, '/login');
    await signIn(page, coach.email);
    await page.goto('/upload');

    const notes = path.join(dir, 'notes.txt');
    await fs.writeFile(notes, 'not a video');
    await page.getByLabel('Video files').setInputFiles(notes);
    await page.getByText('"notes.txt" is not a video file. Choose video files only (for example MP4, MOV or WebM).').waitFor();
    expect(new URL(page.url()).pathname).toBe('/upload');
    // Named .mp4, the browser types it video/mp4: the picker reads its first bytes.
    const fake = path.join(dir, 'fake game.mp4');
    await fs.writeFile(fake, 'play 12: pick and roll, then the corner three\n');
    await page.getByLabel('Video files').setInputFiles(fake);
    await page.getByText('"fake game.mp4" is not a video file. Choose video files only (for example MP4, MOV or WebM).').waitFor();
    expect(new URL(page.url()).pathname).toBe('/upload');

    const clip = path.join(dir, 'Derby Day.mp4');
    await createTestClip(clip, { durationSec: 2, width: 320, height: 240, fps: 25, audio: true, container: 'mp4' });
    await page.getByLabel('Video files').setInputFiles(clip);
    await page.waitForURL(/\/upload\/confirm\?key=/);
    const key = new URL(page.url()).searchParams.get('key')!;
    const video = await waitForVideo(coach.access, key);
    expect(video).toMatchObject({ status: 'ready', title: 'Derby Day' });
    // A small clip may have only some renditions: any of its files will do.
    const mediaUrl = Object.values(video.sources as Record<string, { url: string }>)[0]!.url;
    expect((await fetch(mediaUrl, { headers: { range: 'bytes=0-99' } })).status).toBe(206);

    await page.goto(`/team/videos/${key}`);
    await page.getByRole('heading', { level: 1, name: 'Derby Day' }).waitFor();
    await page.getByRole('button', { name: 'Delete Derby Day' }).click();
    await page.getByRole('group', { name: 'Delete Derby Day?' }).getByRole('button', { name: 'Delete video' }).click();
    await page.waitForURL((url) => url.pathname === '/team/videos');
    await page.getByText('Upload your videos!').waitFor();
    expect(await page.getByText('Derby Day').count()).toBe(0);

    expect((await apiWithToken(coach.access, `/api/user/videos/${key}`)).status).toBe(404);
    const gone = await fetch(mediaUrl, { headers: { range: 'bytes=0-99' } });
    await gone.arrayBuffer();
    expect([403, 404]).toContain(gone.status);
    expect(problems).toEqual([]);
  });
});
