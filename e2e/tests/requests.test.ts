import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredByApi } from './accounts-helpers';
import { isUpdateStream, launch, openPage, settled } from './browser';
import { newPerson } from './identity-helpers';
import { signIn, subscribedCoach, waitForVideo } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const isApi = (url: string) => /^\/(api|v0)\//.test(new URL(url).pathname);
const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/**
 * Records the API calls of each step (a page load or a click) and every failed request. A load is
 * over when the network is settled (no request for 500 ms but the update streams, which stay open
 * for the page's life and are cut when it goes).
 */
function watchRequests(page: Page) {
  let step: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (isApi(request.url()) && request.method() === 'GET' && !isUpdateStream(request.url())) step.push(pathOf(request.url()));
  });
  page.on('requestfailed', (request) => {
    // A <video> cancels its first request itself once it has the metadata and goes on with ranges.
    if (request.resourceType() === 'media' || isUpdateStream(request.url())) return;
    failed.push(`${request.method()} ${pathOf(request.url())} ${request.failure()?.errorText}`);
  });
  return {
    failed,
    /** Runs one step and answers the API GETs it made. */
    async during(action: () => Promise<unknown>): Promise<string[]> {
      step = [];
      await action();
      await settled(page);
      return step;
    },
  };
}

function repeated(calls: string[]): string[] {
  return calls.filter((call, index) => calls.indexOf(call) !== index);
}

describe('each load happens once', () => {
  it('a coach walking the app: every API GET once per page load, none cancelled', { timeout: 180_000 }, async () => {
    const coach = await subscribedCoach('once');
    const { key } = (await coach.call('/api/user/testvideo', {})) as { key: string };
    await waitForVideo(coach.access, key);
    const { page } = await openPage(browser, '/login');
    const requests = watchRequests(page);
    await requests.during(() => signIn(page, coach.email));

    const pages = ['/team', '/team/members', '/team/videos', `/team/videos/${key}`, '/library', '/library/videos', `/library/videos/${key}`, '/live', '/upload', '/profile', '/settings'];
    for (const path of pages) {
      const calls = await requests.during(() => page.goto(path));
      expect({ path, repeated: repeated(calls) }).toEqual({ path, repeated: [] });
      // Every page load asks for the config and the subscription level, once each.
      expect(calls.filter((call) => call === '/api/config')).toHaveLength(1);
      expect(calls.filter((call) => call === '/api/user/usage')).toHaveLength(1);
    }

    // Moving inside the app: the cache serves what is fresh, nothing is asked twice.
    await requests.during(() => page.goto('/team'));
    for (const path of ['/team/members', '/team', '/settings']) {
      const calls = await requests.during(async () => {
        await page.locator(`main a[href="${path}"], header a[href="${path}"]`).first().click();
        await page.waitForURL((url) => url.pathname === path);
      });
      expect({ path, repeated: repeated(calls) }).toEqual({ path, repeated: [] });
      expect(calls).not.toContain('/api/config');
    }
    expect(requests.failed).toEqual([]);
  });

  it('a fan: the same on the fan pages', { timeout: 120_000 }, async () => {
    const fan = newPerson('oncefan');
    const account = await registeredByApi(fan, 'fan');
    await account.call('/api/billing/local/subscribe', { type: 'fan' });
    const { page } = await openPage(browser, '/login');
    const requests = watchRequests(page);
    await requests.during(() => signIn(page, fan.email));
    for (const path of ['/events', '/library', '/library/videos', '/live', '/settings']) {
      const calls = await requests.during(() => page.goto(path));
      expect({ path, repeated: repeated(calls) }).toEqual({ path, repeated: [] });
      expect(calls.filter((call) => call === '/api/user/usage')).toHaveLength(1);
    }
    expect(requests.failed).toEqual([]);
  });
});
