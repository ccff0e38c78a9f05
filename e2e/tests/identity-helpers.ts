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

/**
 * A TOTP code the server accepts next: it takes a code of the current 30 s step or one step either side
 * (clock drift), each step once and in rising order, so a journey's second code is the next step's
 * instead of a wait for the clock to get there. Waits only when a third code would run ahead of that window.
 */
export async function freshTotp(secret: string, usedSteps: Set<number>): Promise<string> {
  const stepMs = 30_000;
  const step = Math.max(Math.floor(Date.now() / stepMs), ...[...usedSteps].map((s) => s + 1));
  const due = (step - 1) * stepMs;
  if (Date.now() < due) await new Promise((r) => setTimeout(r, due - Date.now()));
  usedSteps.add(step);
  return authenticator.clone({ epoch: step * stepMs }).generate(secret);
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
