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

export async function openPage(browser: Browser, path = '/', viewport = phoneViewport): Promise<PageWatch> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport });
  const page = await context.newPage();
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
