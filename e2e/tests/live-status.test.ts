import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registeredByApi } from './accounts-helpers';
import { launch, openPage } from './browser';
import { apiCall } from './clips-helpers';
import { newPerson } from './identity-helpers';
import { encoder, playsFor } from './live-helpers';
import { signIn, subscribedCoach } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type Seen = { upcoming?: number; player?: number; ended?: number };

/** Notes in the page when each state of the event page first shows (the page's clock, ms). */
async function watchStates(page: Page): Promise<() => Promise<Seen>> {
  await page.evaluate(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { seenStates: Record<string, number> }).seenStates = seen;
    const check = () => {
      const now = Date.now();
      if (document.querySelector('[role="timer"][aria-label="Starts in"]')) seen.upcoming ??= now;
      if (document.querySelector('[role="region"][aria-label^="Video player"]')) seen.player ??= now;
      if (document.body.textContent?.includes('This event is no longer live.')) seen.ended ??= now;
    };
    check();
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => ({ ...(window as unknown as { seenStates: Seen }).seenStates }));
}

describe('live game status on open pages', () => {
  it("an open upcoming page turns into the player when the stream starts, the owner sees who watches, and open pages show the end", async () => {
    const coach = await subscribedCoach('lscoach');
    const starts = new Date(Date.now() + 3_600_000).toISOString();
    const created = await apiCall(coach.access, 'POST', '/api/events', { title: 'Hawks vs Owls', date: starts, type: 'IHK', thumbnail: '', public: true });
    expect(created.status).toBe(201);
    const { key, ingestKey } = created.body as { key: string; ingestKey: string };

    // The owner keeps the upcoming page open, as a coach on the bench would.
    const owner = await openPage(browser, '/login');
    await signIn(owner.page, coach.email);
    await owner.page.goto(`/live/upcoming/${encodeURIComponent(key)}`);
    await owner.page.getByRole('timer', { name: 'Starts in' }).waitFor({ timeout: 15_000 });
    const ownerSeen = await watchStates(owner.page);

    const publisher = encoder(`rtmp://localhost:${inject('rtmpPort')}/live/${ingestKey}`, 120);
    try {
      await owner.page.getByRole('region', { name: 'Video player: Hawks vs Owls' }).waitFor({ timeout: 30_000 });
      const live = (await apiCall(coach.access, 'GET', `/api/live/${key}`)).body as { status: string; startDate: string };
      expect(live.status).toBe('live');
      const started = await ownerSeen();
      expect(started.upcoming).toBeLessThan(started.player!);
      console.log(`live status: the open upcoming page showed the player ${started.player! - Date.parse(live.startDate)} ms after the stream started`);
      await playsFor(owner.page, 1);

      // A fan watches: the owner's page counts them (and the owner) without a reload.
      const fanPerson = newPerson('lsfan');
      const fan = await registeredByApi(fanPerson, 'fan');
      await fan.call('/api/billing/local/subscribe', { type: 'fan' });
      const fanView = await openPage(browser, '/login');
      await signIn(fanView.page, fanPerson.email);
      await fanView.page.goto(`/live/${encodeURIComponent(key)}`);
      await playsFor(fanView.page, 1);
      await owner.page.getByText('2 viewers').waitFor({ timeout: 15_000 });
      const fanSeen = await watchStates(fanView.page);

      publisher.stop();
      await publisher.exited;
      // The owner's upcoming page and the fan's live page show the same end.
      await owner.page.getByText('This event is no longer live.', { exact: false }).waitFor({ timeout: 30_000 });
      await fanView.page.getByText('This event is no longer live.', { exact: false }).waitFor({ timeout: 30_000 });
      const ended = (await apiCall(coach.access, 'GET', `/api/live/${key}`)).body as { status: string; endedAt: string };
      expect(ended.status).toBe('ended');
      const [ownerEnd, fanEnd] = [await ownerSeen(), await fanSeen()];
      expect(ownerEnd.player).toBeLessThan(ownerEnd.ended!);
      expect(await owner.page.getByText('Live', { exact: true }).count()).toBe(0);
      for (const [who, seen] of [['owner', ownerEnd], ['fan', fanEnd]] as const) {
        console.log(`live status: the open ${who} page showed the end ${seen.ended! - Date.parse(ended.endedAt)} ms after the stream ended`);
      }
      for (const { problems } of [owner, fanView]) expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await fanView.context.close();
    } finally {
      publisher.stop();
      await publisher.exited;
      await owner.context.close();
    }
  }, 180_000);
});
