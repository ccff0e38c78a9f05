import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';
import { apiCall, teammate } from './clips-helpers';
import { signIn, subscribedCoach } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const isUpdates = (url: string) => new URL(url).pathname === '/api/updates';

/**
 * Counts the browser context's `GET /api/updates` requests: every one started, and those still open
 * (a stream's request finishes only when the stream ends).
 */
function watchUpdateStreams(context: BrowserContext) {
  let started = 0;
  const open = new Set<Request>();
  context.on('request', (r) => {
    if (!isUpdates(r.url())) return;
    started++;
    open.add(r);
  });
  context.on('requestfinished', (r) => open.delete(r));
  context.on('requestfailed', (r) => open.delete(r));
  return { counts: () => ({ started, open: open.size }) };
}

/** Goes to `path` and waits until this browser's update stream answered (the lock holder's, in whichever tab). */
async function openWithStream(page: Page, path: string) {
  const streaming = page.context().waitForEvent('response', (r) => isUpdates(r.url()));
  await page.goto(path);
  await streaming;
}

/**
 * Signs in and waits for the signed-in page's update stream to answer, so a test that counts streams
 * from here on never counts the stream of the page it signed in on.
 */
async function signInWithStream(page: Page, email: string) {
  const streaming = page.context().waitForEvent('response', (r) => isUpdates(r.url()));
  await signIn(page, email);
  await streaming;
}

/** Marks the document, so a later check can tell it was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute('data-journey', 'still-here'));
const sameDocument = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-journey'));

/** A coach's team with one invited athlete, each signed in in their own browser context. */
async function team(prefix: string) {
  const coach = await subscribedCoach(prefix);
  const mate = await teammate(coach);
  const coachTab = await openPage(browser, '/login');
  await signInWithStream(coachTab.page, coach.email);
  const mateTab = await openPage(browser, '/login');
  await signInWithStream(mateTab.page, mate.email);
  return { coach, mate, coachTab, mateTab };
}

describe('team talk journeys', () => {
  it("the coach posts and the athlete's open board shows it without a reload; a reply appears in the other's open thread", { timeout: 180_000 }, async () => {
    const { coachTab, mateTab } = await team('talkcoach');
    const coachPage = coachTab.page;
    const matePage = mateTab.page;
    await openWithStream(matePage, '/team/messages');
    await matePage.getByText('No messages yet').waitFor();
    await markDocument(matePage);

    await coachPage.goto('/team/messages');
    await coachPage.getByRole('button', { name: 'New Message' }).click();
    // A blank message is refused with the product's text, and nothing is sent.
    let posts = 0;
    coachPage.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/team/board') posts++;
    });
    await coachPage.getByRole('button', { name: 'Post', exact: true }).click();
    await coachPage.getByText('Please enter a message.').waitFor();
    expect(posts).toBe(0);

    await coachPage.getByLabel('Subject').fill('Practice moved');
    await coachPage.getByLabel('Message', { exact: true }).fill('Practice is at 6 tonight, see https://example.com/map');
    await coachPage.getByRole('button', { name: 'Post', exact: true }).click();
    // Prepended on the poster's page, the inputs cleared.
    const coachList = coachPage.getByRole('list', { name: 'Messages' });
    await coachList.getByText('Practice is at 6 tonight').waitFor();
    expect(await coachPage.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    expect(await coachPage.getByLabel('Subject').inputValue()).toBe('');
    expect(posts).toBe(1);

    // The athlete's board, opened before, shows it live, once, with the link made safe.
    const mateList = matePage.getByRole('list', { name: 'Messages' });
    await mateList.getByRole('heading', { name: 'Practice moved' }).waitFor();
    expect(await mateList.getByRole('listitem').count()).toBe(1);
    expect(await sameDocument(matePage)).toBe('still-here');
    const link = mateList.getByRole('link', { name: 'https://example.com/map' });
    expect(await link.getAttribute('rel')).toContain('noopener');

    // Both open the thread; the athlete replies (Enter posts); the coach's open thread shows it.
    await coachList.getByRole('link', { name: /^GO/ }).click();
    await coachPage.getByRole('heading', { level: 1, name: 'Practice moved' }).waitFor();
    await coachPage.getByText('No replies yet').waitFor();
    await markDocument(coachPage);
    await mateList.getByRole('link', { name: /^GO/ }).click();
    await matePage.getByRole('heading', { level: 1, name: 'Practice moved' }).waitFor();
    await matePage.getByLabel('Message', { exact: true }).fill('On my way');
    await matePage.getByLabel('Message', { exact: true }).press('Enter');
    await matePage.getByRole('list', { name: 'Replies' }).getByText('On my way').waitFor();

    await coachPage.getByRole('list', { name: 'Replies' }).getByText('On my way').waitFor();
    expect(await coachPage.getByRole('list', { name: 'Replies' }).getByRole('listitem').count()).toBe(1);
    expect(await sameDocument(coachPage)).toBe('still-here');
    expect(coachTab.problems).toEqual([]);
    expect(mateTab.problems).toEqual([]);
    await coachTab.context.close();
    await mateTab.context.close();
  });

  it('a mention lights the athlete’s bell in both tabs; reading it in one clears the badge in the other', { timeout: 180_000 }, async () => {
    const { coach, mate, coachTab, mateTab } = await team('bellcoach');
    await coachTab.context.close();
    // The coach is named by their name, never their username: in the bell and on the post.
    expect((await apiCall(coach.access, 'PUT', '/api/user/me', { name: 'Dana Kim' })).status).toBe(200);
    const first = mateTab.page;
    await openWithStream(first, '/team');
    const second = await mateTab.context.newPage();
    await second.goto('/team/activity');
    const badge = (page: Page) => page.getByTestId('unread-badge');
    await first.getByRole('button', { name: 'Notifications' }).waitFor();
    await second.getByRole('button', { name: 'Notifications' }).waitFor();
    expect(await badge(first).count()).toBe(0);

    const posted = await apiCall(coach.access, 'POST', '/api/team/board', { subject: 'Film', message: `@${mate.username} watch the second period` });
    expect(posted.status).toBe(201);
    await expect.poll(() => badge(first).textContent(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => badge(second).textContent(), { timeout: 15_000 }).toBe('1');

    // Reading it in the second tab opens its message and clears the first tab's badge.
    await second.getByRole('button', { name: /Notifications, 1 unread/ }).click();
    await second.getByRole('menuitem', { name: new RegExp(`^Dana Kim mentioned you: @${mate.username} watch the second period`) }).click();
    await second.waitForURL(`**/team/messages/${String(posted.body.id)}`);
    await second.getByRole('heading', { level: 1, name: 'Film' }).waitFor();
    // The mention is a link to the member's page; the post names the coach.
    const mention = second.getByRole('link', { name: `@${mate.username}` });
    expect(await mention.getAttribute('href')).toBe(`/team/members/${mate.username}`);
    await second.getByText('Dana Kim', { exact: true }).first().waitFor();
    await badge(second).waitFor({ state: 'detached' });
    await badge(first).waitFor({ state: 'detached' });
    expect(mateTab.problems).toEqual([]);
    await mateTab.context.close();
  });

  it('eight tabs of one user all receive a post over one update stream', { timeout: 240_000 }, async () => {
    const { coach, coachTab, mateTab } = await team('tabscoach');
    await coachTab.context.close();
    const streams = watchUpdateStreams(mateTab.context);
    const pages = [mateTab.page];
    await openWithStream(mateTab.page, '/team/messages');
    for (let i = 1; i < 8; i++) {
      const page = await mateTab.context.newPage();
      await page.goto('/team/messages');
      pages.push(page);
    }
    for (const page of pages) await page.getByText('No messages yet').waitFor();

    const posted = await apiCall(coach.access, 'POST', '/api/team/board', { message: 'Bus leaves at 7' });
    expect(posted.status).toBe(201);
    for (const page of pages) await page.getByRole('list', { name: 'Messages' }).getByText('Bus leaves at 7').waitFor();
    expect(streams.counts()).toEqual({ started: 1, open: 1 });

    // The tab holding the stream closes: another takes it over, and the tabs still hear the team.
    const holder = pages.shift()!;
    const takeover = mateTab.context.waitForEvent('response', (r) => isUpdates(r.url()));
    await holder.close();
    await takeover;
    await apiCall(coach.access, 'POST', '/api/team/board', { message: 'Bring water' });
    for (const page of pages) await page.getByRole('list', { name: 'Messages' }).getByText('Bring water').waitFor();
    // One more stream, the new holder's: no tab opened its own.
    expect(streams.counts().started).toBe(2);
    expect(mateTab.problems).toEqual([]);
    await mateTab.context.close();
  });
});
