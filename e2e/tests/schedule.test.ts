import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxLink } from './accounts-helpers';
import { launch, openPage } from './browser';
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

describe('team schedule journey', () => {
  it("the coach adds a weekly practice, an athlete answers from the e-mail without signing in, the coach's page shows it", { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach('schedcoach');
    const mate = await teammate(coach);

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

    // The athlete's e-mail: one-tap answer links. A mail scanner fetching the link records nothing.
    const link = await outboxLink(mate.email, goingLink);
    expect((await fetch(link)).status).toBe(200);
    const list = await apiCall(coach.access, 'GET', '/api/team/schedule');
    const first = (list.body.items as { _id: string; title: string }[])[0]!;
    const before = await apiCall(coach.access, 'GET', `/api/team/schedule/${first._id}`);
    const mateBefore = (before.body.responses as { username: string; name: string | null; answer: string | null }[]).find((r) => r.username === mate.username)!;
    expect(mateBefore.answer).toBeNull();

    // Signed out, in a browser of its own: the page records the answer.
    const mateTab = await openPage(browser, link.replace(/^https?:\/\/[^/]+/, ''));
    await mateTab.page.getByText('Your answer: Going.').waitFor();
    expect(await mateTab.page.getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe('true');
    expect(mateTab.problems).toEqual([]);

    // The coach opens the practice: the athlete is under Going.
    await coachPage.getByRole('link', { name: 'Tuesday practice' }).first().click();
    const going = coachPage.getByRole('region', { name: 'Going' });
    await going.getByText(mateBefore.name || mate.username).waitFor();
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
  });
});
