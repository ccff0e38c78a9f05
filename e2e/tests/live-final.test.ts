import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { outboxLink } from './accounts-helpers';
import { launch, openPage, settled } from './browser';
import { apiCall, teammate } from './clips-helpers';
import { encoder } from './live-helpers';
import { signIn, subscribedCoach } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const laptop = { width: 1366, height: 768 };
const minutesAhead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** Marks the loaded document: `reloaded` is true once the page was loaded again since. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const reloaded = async (page: Page) => !(await page.evaluate(() => 'notReloaded' in window));

/** With E2E_SCREENSHOTS=<dir>, a full-page picture of what the journey shows, to look at. */
async function picture(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

describe('a finished game', () => {
  it('turns from "Live now" to "Final" with its recording in the open feed and on the schedule, and asks nobody whether they are coming', { timeout: 240_000 }, async () => {
    const coach = await subscribedCoach('finalcoach');
    const mate = await teammate(coach);
    // Set up a minute ahead, as a coach does at the field.
    const created = await apiCall(coach.access, 'POST', '/api/events', { title: 'Hawks vs Owls', date: minutesAhead(1), type: 'FHK', thumbnail: '', public: false });
    expect(created.status).toBe(201);
    const { key, ingestKey } = created.body as { key: string; ingestKey: string };
    const recording = `/live/archives/${encodeURIComponent(key)}`;

    // The athlete follows the feed on a phone; the coach has the schedule open on a laptop.
    const feedTab = await openPage(browser, '/login');
    const feed = feedTab.page;
    await signIn(feed, mate.email);
    await feed.goto('/team/activity');
    await feed.getByRole('heading', { name: 'Activity Feed' }).waitFor();
    await settled(feed);
    await markDocument(feed);

    const coachTab = await openPage(browser, '/login', laptop);
    const schedule = coachTab.page;
    await signIn(schedule, coach.email);
    await schedule.goto('/team/schedule');
    const game = schedule.getByRole('article').filter({ has: schedule.getByRole('heading', { name: 'Hawks vs Owls' }) });
    await game.waitFor();
    await settled(schedule);
    await markDocument(schedule);

    const publisher = encoder(`rtmp://localhost:${inject('rtmpPort')}/live/${ingestKey}`, 6);
    try {
      const live = feed.getByRole('article').filter({ hasText: 'Live now: Hawks vs Owls' });
      await live.waitFor({ timeout: 30_000 });
      expect(await live.getByRole('link', { name: 'Watch Live Game' }).getAttribute('href')).toBe(`/game/${encodeURIComponent(key)}`);
      expect(await publisher.exited).toBe(0);
    } finally {
      publisher.stop();
    }

    // The encoder stopped: the game ended. The open feed says so without a reload.
    const final = feed.getByRole('article').filter({ hasText: 'Final: Hawks vs Owls' });
    await final.getByRole('link', { name: 'Watch the recording' }).waitFor({ timeout: 30_000 });
    expect(await final.getByRole('link', { name: 'Watch the recording' }).getAttribute('href')).toBe(recording);
    expect(await feed.getByText('Live now: Hawks vs Owls').count()).toBe(0);
    expect(await reloaded(feed)).toBe(false);
    await picture(feed, 'activity-final-phone');
    await feed.setViewportSize(laptop);
    await picture(feed, 'activity-final-laptop');

    // The coach's open schedule shows the game as ended, with its recording, and no answer buttons.
    await game.getByRole('link', { name: 'Watch the recording' }).waitFor({ timeout: 30_000 });
    expect(await game.getByRole('link', { name: 'Watch the recording' }).getAttribute('href')).toBe(recording);
    expect(await game.getByText('Ended', { exact: true }).count()).toBe(1);
    expect(await game.getByRole('group', { name: 'Your answer for Hawks vs Owls' }).count()).toBe(0);
    expect(await reloaded(schedule)).toBe(false);
    await picture(schedule, 'schedule-ended-laptop');

    // The game's own page: ended, its recording, no "Are you coming?".
    await game.getByRole('link', { name: 'Hawks vs Owls' }).click();
    await schedule.getByText('This game has ended.').waitFor();
    expect(await schedule.getByText('Are you coming?').count()).toBe(0);
    await schedule.getByRole('link', { name: 'Watch the recording' }).waitFor();
    await schedule.setViewportSize({ width: 390, height: 844 });
    await picture(schedule, 'schedule-item-ended-phone');

    // The dashboard's Latest Activity on a phone: the final, opening the recording.
    await feed.setViewportSize({ width: 390, height: 844 });
    await feed.goto('/team');
    const latest = feed.getByRole('list', { name: 'Latest activity' });
    await latest.getByRole('link', { name: 'Final: Hawks vs Owls' }).waitFor();
    await picture(feed, 'dashboard-final-phone');
    await latest.getByRole('link', { name: 'Final: Hawks vs Owls' }).click();
    await feed.waitForURL((url) => url.pathname === recording);

    expect(feedTab.problems).toEqual([]);
    expect(coachTab.problems).toEqual([]);
    await feedTab.context.close();
    await coachTab.context.close();
  });

  it("a weekly series' e-mail link answers every date, with a note, on a phone and a laptop", { timeout: 120_000 }, async () => {
    const coach = await subscribedCoach('seriescoach');
    const mate = await teammate(coach);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const body = { kind: 'practice', title: 'Tuesday practice', start: `${day}T18:00`, end: `${day}T19:30`, timeZone: 'Europe/Berlin', location: 'Riverside Field 2', repeat: { weekly: true, until } };
    expect((await apiCall(coach.access, 'POST', '/api/team/schedule', body)).status).toBe(201);
    const link = await outboxLink(mate.email, /https?:\/\/[^\s"<>]+\/rsvp\/[A-Za-z0-9._~-]+\?answer=going/);

    const tab = await openPage(browser, link.replace(/^https?:\/\/[^/]+/, ''));
    const page = tab.page;
    await page.getByText('Your answer: Going.').waitFor();
    await page.getByText(/Your answer counts for all \d dates of this weekly series still ahead\./).waitFor();
    await page.getByLabel('Note for the coach (optional)').fill('Ten minutes late');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Your answer: Going. Note saved.').waitFor();
    await picture(page, 'rsvp-series-phone');
    await page.setViewportSize(laptop);
    await picture(page, 'rsvp-series-laptop');

    const items = (await apiCall(coach.access, 'GET', '/api/team/schedule')).body.items as { _id: string }[];
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) {
      const detail = (await apiCall(coach.access, 'GET', `/api/team/schedule/${item._id}`)).body as { responses: { username: string; answer: string | null; note: string | null }[] };
      expect(detail.responses.find((r) => r.username === mate.username)).toMatchObject({ answer: 'going', note: 'Ten minutes late' });
    }
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });
});
