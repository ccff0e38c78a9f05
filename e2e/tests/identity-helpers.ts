import type { Page } from 'playwright-core';
import { authenticator } from 'otplib';
import { inject } from 'vitest';

export const password = 'a long and unusual passphrase';

let counter = 0;
/** A fresh identity per journey, so journeys never depend on each other. */
export function newPerson(prefix: string) {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { email: `${id}@example.com`, username: id };
}

export async function outboxMessages(to: string, baseUrl = inject('baseUrl')): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${baseUrl}/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return (await res.json()).messages;
}

/** Polls the dev outbox until a message for `to` contains a link with token and uuid. */
export async function linkFromOutbox(to: string, path: '/login' | '/reset', baseUrl = inject('baseUrl')): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+&uuid=[0-9a-f-]{36}`);
  for (let i = 0; i < 50; i++) {
    for (const m of await outboxMessages(to, baseUrl)) {
      const match = pattern.exec(m.text);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${path} link for ${to} in the outbox`);
}

/** A TOTP code from a step we have not used yet (the server refuses a step twice). */
export async function freshTotp(secret: string, usedSteps: Set<number>): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (!usedSteps.has(step)) {
      usedSteps.add(step);
      return authenticator.generate(secret);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Signs in on /login; a page already showing a plain /login is used as it is (loading it again cancels its pending requests). */
export async function signInWithPassword(page: Page, emailOrUsername: string, pass = password) {
  const at = new URL(page.url());
  if (at.pathname !== '/login' || at.search !== '') await page.goto('/login');
  await page.getByLabel('Email or username').fill(emailOrUsername);
  await page.getByLabel('Password', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page) {
  await page.goto('/logout');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login/);
}

/** Signed in = the settings page (signed-in only) shows its Security section. */
export async function expectSignedIn(page: Page) {
  await page.goto('/settings');
  await page.getByRole('button', { name: /change password/i }).waitFor();
}
