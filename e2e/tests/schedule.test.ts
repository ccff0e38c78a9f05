import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxLink } from './accounts-helpers';
import { launch, openPage, settled } from './browser';
import { apiCall, teammate } from './clips-helpers';
import { signIn, subscribedCoach } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A date `days` from today, as a date input takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const goingLink = /https?:\/\/[^\s"<>]+\/rsvp\/[A-Za-z0-9._~-]+\?answer=going/;

/** Marks the loaded document: `reloaded` is true once the page was loaded again since. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const reloaded = async (page: Page) => !(await page.evaluate(() => 'notReloaded' in window));

describe('team schedule journey', () => {
  it("the coach adds a weekly practice, an athlete answers from the e-mail without signing in, the coach's page shows it, open pages without a reload", { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach('schedcoach');
    const mate = await teammate(coach);

    // The athlete's schedule, open and signed in on a phone while the coach plans.
    const mateListTab = await openPage(browser, '/login');
    const mateList = mateListTab.page;
    await signIn(mateList, mate.email);
    await mateList.goto('/team/schedule');
    await mateList.getByText('Nothing on the schedule').waitFor();
    await settled(mateList);
    await markDocument(mateList);

    const coachTab = await openPage(browser, '/login', { width: 1280, height: 800 });
    const coachPage = coachTab.page;
    await signIn(coachPage, coach.email);
    await coachPage.goto('/team/schedule');
    await coachPage.getByText('Nothing on the schedule').waitFor();
    await coachPage.getByRole('button', { name: 'New item' }).click();
    // Checked before anything is sent.
    await coachPage.getByRole('button', { name: 'Add to schedule' }).click();
    await coachPage.getByText('Title is required').waitFor();

    await coachPage.getByLabel('Title').fill('Tuesday practice');
    await coachPage.getByLabel('Starts').fill(`${inDays(3)}T18:00`);
    expect(await coachPage.getByLabel('Ends').inputValue()).toBe(`${inDays(3)}T19:30`);
    await coachPage.getByLabel('Time zone').fill('America/New_York');
    await coachPage.getByLabel('Place').fill('Riverside Field 2');
    await coachPage.getByRole('checkbox', { name: 'Repeat weekly' }).check();
    await coachPage.getByLabel('Until').fill(inDays(24));
    await coachPage.getByRole('button', { name: 'Add to schedule' }).click();
    await coachPage.getByText(/Tuesday practice added, every week until/).waitFor();
    // Four weekly occurrences, each at 18:00 on the venue's clock.
    const cards = coachPage.getByRole('article');
    await cards.nth(3).waitFor();
    expect(await cards.count()).toBe(4);
    expect(await cards.first().textContent()).toMatch(/6:00\s*–\s*7:30\s*PM/);
    // The athlete's open page shows the four dates as they are added.
    await mateList.getByRole('article').nth(3).waitFor();
    expect(await mateList.getByRole('article').count()).toBe(4);
    expect(await reloaded(mateList)).toBe(false);

    // The athlete's e-mail: one-tap answer links. A mail scanner fetching the link records nothing.
    const link = await outboxLink(mate.email, goingLink);
    expect((await fetch(link)).status).toBe(200);
    const list = await apiCall(coach.access, 'GET', '/api/team/schedule');
    const first = (list.body.items as { _id: string; title: string }[])[0]!;
    const before = await apiCall(coach.access, 'GET', `/api/team/schedule/${first._id}`);
    const mateBefore = (before.body.responses as { username: string; name: string | null; answer: string | null }[]).find((r) => r.username === mate.username)!;
    expect(mateBefore.answer).toBeNull();

    // The coach has the practice open, nobody under Going yet.
    await coachPage.getByRole('link', { name: 'Tuesday practice' }).first().click();
    await coachPage.getByRole('region', { name: 'No answer yet' }).getByRole('listitem').first().waitFor();
    expect(await coachPage.getByRole('region', { name: 'Going' }).getByRole('listitem').count()).toBe(0);
    await settled(coachPage);
    await markDocument(coachPage);

    // Signed out, in a browser of its own: the page records the answer.
    const mateTab = await openPage(browser, link.replace(/^https?:\/\/[^/]+/, ''));
    await mateTab.page.getByText('Your answer: Going.').waitFor();
    expect(await mateTab.page.getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe('true');
    expect(mateTab.problems).toEqual([]);

    // The coach's open page puts the athlete under Going, and the athlete's own list shows the answer, without a reload.
    const going = coachPage.getByRole('region', { name: 'Going' });
    await going.getByText(mateBefore.name || mate.username).waitFor();
    expect(await reloaded(coachPage)).toBe(false);
    await mateList.getByRole('article').first().getByRole('button', { name: 'Going', pressed: true }).waitFor();
    expect(await reloaded(mateList)).toBe(false);
    expect(mateListTab.problems).toEqual([]);
    expect(await going.getByRole('listitem').count()).toBe(1);
    // Only the coach has not answered (the two share a name here: the list is counted, not searched).
    expect(await coachPage.getByRole('region', { name: 'No answer yet' }).getByRole('listitem').count()).toBe((before.body.responses as unknown[]).length - 1);

    // The dashboard's next three on a phone: a long line is cut short, the page never scrolls sideways.
    await coachPage.setViewportSize({ width: 390, height: 844 });
    await coachPage.goto('/team');
    await coachPage.getByRole('list', { name: 'Coming up' }).getByRole('link').nth(2).waitFor();
    expect(await coachPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(coachTab.problems).toEqual([]);

    await coachTab.context.close();
    await mateTab.context.close();
    await mateListTab.context.close();
  });
});
