import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { outboxMessages, password } from './identity-helpers';

/** Polls the dev outbox until a message for `to` contains a link matching `pattern`. */
export async function outboxLink(to: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 50; i++) {
    for (const m of await outboxMessages(to)) {
      const match = pattern.exec(m.text);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no link matching ${pattern} for ${to} in the outbox`);
}

export const joinLink = /https?:\/\/[^\s"<>]+\/join\/[A-Za-z0-9_-]+/;

/** The product API as the browser's signed-in user (its access cookie as the Bearer token). */
export async function apiAs(context: BrowserContext, path: string, init: { method?: string; body?: unknown } = {}) {
  const access = (await context.cookies()).find((c) => c.name.startsWith('access.'));
  if (!access) throw new Error('not signed in');
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${access.value}`, ...(init.body !== undefined && { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A signed-up and registered account made through the HTTP API, for journeys that need one to exist. */
export async function registeredByApi(person: { email: string; username: string }, type: 'team' | 'athlete' | 'fan', team?: string) {
  const baseUrl = inject('baseUrl');
  const { tenantId } = (await (await fetch(`${baseUrl}/api/config`)).json()) as { tenantId: string };
  const created = await fetch(`${baseUrl}/v0/tenants/${tenantId}/auth/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, password }),
  });
  if (created.status !== 201) throw new Error(`sign-up failed: ${await created.text()}`);
  const access = ((await created.json()) as { tokens: { access: { value: string } } }).tokens.access.value;
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  await call('/api/user/me', { username: person.username, type, firstname: 'Test', lastname: 'Person' });
  if (team) await call('/api/user/channels', { channel: 'main', description: team });
  return { access, call };
}

/** /register with a role: fills and submits the sign-up form (email may be prefilled by an invitation). */
export async function signUpInBrowser(page: Page, role: RegExp, person: { email: string; username: string }) {
  await page.getByRole('radio', { name: role }).check();
  const email = page.getByLabel('Email');
  if ((await email.inputValue()) === '') await email.fill(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function bottomNavLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  return (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
}
