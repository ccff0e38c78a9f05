import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Flags for a sandboxed, offline machine: no background network chatter, no GPU. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

export async function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), headless: true, args: [...chromiumArgs, ...extraArgs] });
}

export interface PageWatch {
  page: Page;
  context: BrowserContext;
  /** Console errors and CSP violations seen so far. */
  problems: string[];
  scripts: string[];
}

/** A phone, unless a test asks for another window (the laptop layout starts at 1024 px). */
const phoneViewport = { width: 420, height: 860 };

/** Long-lived streams (the team's updates, a live game's status) stay open as long as the page. */
export const isUpdateStream = (url: string) => /^\/api\/(updates|live\/[^/]+\/updates)$/.test(new URL(url).pathname);

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight, update streams aside (see `settled`); openPage does it for its pages. */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (!isUpdateStream(r.url())) open.add(r);
  });
  const done = (r: unknown) => open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Resolves once no request but the update streams has been in flight for 500 ms: Playwright's
 * `networkidle`, which a page holding a stream would never reach.
 */
export async function settled(page: Page): Promise<void> {
  trackRequests(page);
  const open = inFlight.get(page)!;
  let quietSince = open.size === 0 ? Date.now() : null;
  await new Promise<void>((resolve) => {
    const check = () => {
      if (open.size > 0) quietSince = null;
      else if (quietSince === null) quietSince = Date.now();
      if (quietSince !== null && Date.now() - quietSince >= 500) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(check, 50);
    check();
  });
}

export async function openPage(browser: Browser, path = '/', viewport = phoneViewport): Promise<PageWatch> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport });
  const page = await context.newPage();
  trackRequests(page);
  const problems: string[] = [];
  const scripts: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(path);
  return { page, context, problems, scripts };
}
