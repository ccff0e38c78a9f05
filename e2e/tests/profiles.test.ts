import { ageFrom } from '@app/contracts/profiles';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hevcHeic } from '../../apps/server/test/profiles/hevc-heic';
import { seriousViolations } from './accessibility-helpers';
import { launch, openPage, type PageWatch } from './browser';
import { apiCall, teammate } from './clips-helpers';
import { signIn, subscribedCoach } from './videos-helpers';

let browser: Browser;
let team: { coach: Awaited<ReturnType<typeof subscribedCoach>>; mate: Awaited<ReturnType<typeof teammate>>; other: Awaited<ReturnType<typeof teammate>> };
beforeAll(async () => {
  browser = await launch();
  const coach = await subscribedCoach('pcoach');
  team = { coach, mate: await teammate(coach), other: await teammate(coach) };
});
afterAll(() => browser?.close());

/**
 * A landscape JPEG (left half red, right half blue) stored sideways: EXIF orientation 6 says "turn me
 * 90° clockwise", so the upright picture is portrait, red on top.
 */
const sidewaysJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .composite([{ input: { create: { width: width / 2, height, channels: 3, background: '#dc2626' } }, left: 0, top: 0 }])
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 85 })
    .toBuffer();

const squareJpeg = () => sharp({ create: { width: 600, height: 600, channels: 3, background: '#16a34a' } }).jpeg().toBuffer();

/** Waits until the page shows a loaded `<img>` matching `selector` and answers its natural size and address. */
async function loadedImage(page: Page, selector: string) {
  const handle = await page.waitForFunction((css) => {
    const img = document.querySelector<HTMLImageElement>(css);
    return img?.complete && img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight, src: img.currentSrc } : null;
  }, selector);
  return (await handle.jsonValue())!;
}

/** The hero's sizes are 800 and 1600 wide, the avatar's 128, 256 and 512: their `srcset` tells them apart. */
const HERO = 'img[srcset*=" 800w"]';
const AVATAR = 'img[srcset*=" 128w"]';

async function signedInTab(email: string, path: string): Promise<PageWatch> {
  const tab = await openPage(browser, '/login', { width: 1280, height: 800 });
  await signIn(tab.page, email);
  await tab.page.goto(path);
  return tab;
}

describe('athlete profiles', () => {
  it('an athlete uploads an avatar and a sideways hero, sees them upright on the card without a reload, and in the members list', { timeout: 120_000 }, async () => {
    const { page, problems } = await signedInTab(team.mate.email, '/profile');
    await page.getByRole('heading', { name: 'Test Person', level: 2 }).waitFor();
    await page.evaluate(() => document.documentElement.setAttribute('data-journey', 'still-here'));

    await page.getByLabel('Upload avatar').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await squareJpeg() });
    const avatar = await loadedImage(page, `article ${AVATAR}`);
    expect(avatar.src).toMatch(/\/storage\/|\/api\/images\//);

    await page.getByLabel('Upload hero').setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: await sidewaysJpeg(1200, 800) });
    // The server turned the pixels: the picture is portrait now, and its top is the red half.
    const hero = await loadedImage(page, HERO);
    expect(hero.height).toBeGreaterThan(hero.width);
    const top = await page.evaluate((css) => {
      const img = document.querySelector<HTMLImageElement>(css)!;
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return Array.from(context.getImageData(img.naturalWidth / 2, 10, 1, 1).data.slice(0, 3));
    }, HERO);
    expect(top[0]).toBeGreaterThan(150);
    expect(top[2]).toBeLessThan(100);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-journey'))).toBe('still-here');
    expect(await page.getByLabel('Change hero').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // A file that is no picture is refused with the server's message, and the card keeps its hero.
    await page.getByLabel('Change hero').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these are not pixels') });
    await page.getByRole('alert').filter({ hasText: 'This file is not a picture.' }).waitFor();
    expect(await page.locator(HERO).count()).toBe(1);

    // The avatar is the user's picture wherever a member shows.
    await page.goto('/team/members');
    const row = page.getByRole('row').filter({ hasText: team.mate.username });
    const listed = await row.locator('img').evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth > 0 ? img.getAttribute('src') : new Promise((resolve) => img.addEventListener('load', () => resolve(img.getAttribute('src')))),
    );
    expect(listed).toMatch(/^\/api\/images\/[^/]+\/256\.webp$/);
    // The refused upload's 415 is the only failure the browser saw.
    expect(problems.filter((problem) => !problem.includes('status of 415'))).toEqual([]);
    await page.context().close();
  });

  it('an iPhone HEIC photo is converted in the browser and lands in the photos', { timeout: 120_000 }, async () => {
    const { page, problems } = await signedInTab(team.other.email, '/profile');
    await page.getByRole('heading', { name: 'Photos' }).waitFor();
    await page.getByLabel('Add photo').setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: await hevcHeic() });
    const photo = await loadedImage(page, 'ul[aria-label="Photos"] img');
    // The 256 x 192 picture kept its shape (natural sizes are scaled by the srcset density, not the pixels).
    expect(photo.width / photo.height).toBeCloseTo(256 / 192, 2);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('an athlete edits the card: a bad birthdate is alerted and not saved, a good one is, and Save returns to the card', { timeout: 90_000 }, async () => {
    const { page } = await signedInTab(team.mate.email, '/profile/edit');
    await page.getByLabel('First Name').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Jersey').fill('0');
    await page.getByLabel('Height').focus();
    await page.getByText('Jersey must be a number').waitFor();
    await page.getByLabel('Jersey').fill('23');

    await page.getByLabel('Birthdate').fill('2099-01-01');
    const alerted = page.waitForEvent('dialog').then(async (dialog) => {
      const message = dialog.message();
      await dialog.accept();
      return message;
    });
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/user/me') puts.push(r.url());
    });
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await alerted).toBe('Birthdate cannot be in the future');
    expect(new URL(page.url()).pathname).toBe('/profile/edit');
    expect(puts).toEqual([]);

    await page.getByLabel('Birthdate').fill('2008-03-14');
    await page.getByLabel('Position').fill('Point guard');
    await page.getByLabel('Height').fill(`6'1"`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    const card = page.getByRole('article');
    await card.getByText('#23').waitFor();
    await card.getByText('Point guard').first().waitFor();
    expect(await card.getByRole('definition').filter({ hasText: String(ageFrom('2008-03-14')) }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("a teammate sees the profile page without the edit icon; the coach verifies a measurable; the owner edits, and a taken username is refused", { timeout: 120_000 }, async () => {
    const { mate, other, coach } = team;
    await apiCall(mate.access, 'PUT', '/api/user/me', { height: `6'1"`, sport: 'BBK' });

    const teammateTab = await signedInTab(other.email, `/team/members/${mate.username}`);
    await teammateTab.page.getByRole('heading', { name: 'Personal info' }).waitFor();
    expect(await teammateTab.page.getByRole('button', { name: 'Edit profile' }).count()).toBe(0);
    expect(await teammateTab.page.getByLabel('Upload avatar').count()).toBe(0);
    expect(await teammateTab.page.getByRole('button', { name: /verify/i }).count()).toBe(0);
    await teammateTab.page.getByText('Basketball').first().waitFor();
    expect(await seriousViolations(teammateTab.page)).toEqual([]);
    await teammateTab.page.context().close();

    const coachTab = await signedInTab(coach.email, `/team/members/${mate.username}`);
    await coachTab.page.getByRole('button', { name: 'Verify height' }).click();
    await coachTab.page.getByText('Verified by coach').waitFor();
    expect(await coachTab.page.getByRole('button', { name: 'Edit profile' }).count()).toBe(0);
    await coachTab.page.context().close();

    const own = await signedInTab(mate.email, `/team/members/${mate.username}`);
    await own.page.getByText('Verified by coach').waitFor();
    expect(await seriousViolations(own.page)).toEqual([]);
    await own.page.getByRole('button', { name: 'Edit profile' }).click();
    expect(await own.page.getByLabel('Email').inputValue()).toBe(mate.email);
    expect(await own.page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await own.page.getByLabel('Name', { exact: true }).fill('Jordan Miles');
    await own.page.getByLabel('Username').fill(coach.username);
    await own.page.getByRole('button', { name: 'Save' }).click();
    await own.page.getByText('Username already exists').waitFor();
    await own.page.getByLabel('Username').fill(mate.username);
    await own.page.getByRole('button', { name: 'Save' }).click();
    await own.page.getByRole('heading', { name: 'Personal info' }).waitFor();
    await own.page.getByRole('definition').filter({ hasText: 'Jordan Miles' }).waitFor();
    await own.page.context().close();
  });
});
