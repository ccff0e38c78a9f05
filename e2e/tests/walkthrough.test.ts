import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClip } from '../../packages/media/src/test-clip';
import { apiAs, bottomNavLinks, signUpInBrowser } from './accounts-helpers';
import { launch, openPage } from './browser';
import { apiCall, readyVideo } from './clips-helpers';
import { newPerson } from './identity-helpers';
import { signIn, subscribedCoach, waitForVideo } from './videos-helpers';

// What a new team meets first: a trial athlete uploads before paying, and a clip goes into a reel from its page.

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launch();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-walk-'));
});
afterAll(async () => {
  await browser?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a new team walks through', () => {
  it('a trial athlete signs up, takes "Let me try first" and uploads a video of their own', { timeout: 180_000 }, async () => {
    const athlete = newPerson('trial');
    const { page, context, problems } = await openPage(browser, '/register');
    await signUpInBrowser(page, /athlete/i, athlete);
    await page.getByRole('heading', { name: 'Athlete Registration' }).waitFor();
    // The username chosen at sign-up is not asked again.
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(athlete.username);
    await page.getByLabel('First Name').fill('Toni');
    await page.getByLabel('Last Name').fill('Trial');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/register\/subscribe\/athlete$/);

    await page.getByRole('link', { name: 'Let me try first' }).click();
    await page.waitForURL(/\/upload$/);
    await page.getByRole('button', { name: 'Rec' }).waitFor();
    expect(await page.getByText("Once your subscription is activated you'll be able to upload").count()).toBe(0);
    await expect.poll(() => bottomNavLinks(page)).toEqual(['Team', 'Library', 'Upload', 'Watch', 'Profile']);

    const clip = path.join(dir, 'First Practice.mp4');
    await createTestClip(clip, { durationSec: 2, width: 320, height: 240, fps: 25, audio: true, container: 'mp4' });
    await page.getByLabel('Video files').setInputFiles(clip);
    await page.waitForURL(/\/upload\/confirm\?key=/);
    const key = new URL(page.url()).searchParams.get('key')!;
    const access = (await context.cookies()).find((c) => c.name.startsWith('access.'))!.value;
    expect(await waitForVideo(access, key)).toMatchObject({ status: 'ready', title: 'First Practice' });
    // Nothing was paid: the trial is what let the server take the upload.
    expect((await apiAs(context, '/api/user/usage')).body.items).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a coach puts a clip into a new reel from the clip page, then into an existing one, reached from the Library', { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach('wreel');
    const key = await readyVideo(coach, 'Tigers vs Hawks');
    const cut = async (timestamp: number) => {
      const res = await apiCall(coach.access, 'POST', `/api/user/videos/${key}/clips`, { timestamp, duration: 4 });
      if (res.status !== 201) throw new Error(`clip: ${res.status}`);
      return res.body as { _id: string; reel_id: string };
    };
    const first = await cut(2);
    const second = await cut(8);

    const { page, problems } = await openPage(browser, '/login');
    await signIn(page, coach.email);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
    await page.waitForURL(/\/library$/);

    await page.goto(`/library/clips/${first.reel_id}`);
    await page.getByRole('button', { name: 'Add to reel' }).click();
    const title = page.getByLabel('New reel');
    await expect.poll(() => title.inputValue()).toMatch(/^Tigers vs Hawks · /);
    await title.fill('Fast breaks');
    await page.getByRole('button', { name: 'Make reel' }).click();
    await page.getByText('Made the reel “Fast breaks”.').waitFor();

    await page.goto(`/library/clips/${second.reel_id}`);
    await page.getByRole('button', { name: 'Add to reel' }).click();
    await page.getByRole('button', { name: 'Add to Fast breaks' }).click();
    await page.getByText('Added to “Fast breaks”.').waitFor();
    await page.getByRole('link', { name: 'Open the reel' }).click();
    await page.waitForURL(/\/library\/reels\/[^/]+$/);
    const reelId = new URL(page.url()).pathname.split('/').pop()!;
    const reel = await apiCall(coach.access, 'GET', `/api/user/reels/${reelId}`);
    expect(reel.body).toMatchObject({ title: 'Fast breaks', chunks: [{ clip: first._id }, { clip: second._id }] });

    // The first clip is in it now: its page cannot add it again.
    await page.goto(`/library/clips/${first.reel_id}`);
    await page.getByRole('button', { name: 'Add to reel' }).click();
    expect(await page.getByRole('button', { name: 'Fast breaks: has this clip' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
  });
});
