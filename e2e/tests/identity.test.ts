import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';
import { expectSignedIn, freshTotp, linkFromOutbox, newPerson, password, signInWithPassword, signOut } from './identity-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('identity journeys', () => {
  it('sign up -> sign out -> sign in -> enable TOTP -> sign out -> sign in with password and TOTP', async () => {
    const me = newPerson('coach');
    const { page, context, problems } = await openPage(browser, '/register');

    await page.getByRole('radio', { name: /coach/i }).check();
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Username').fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const create = page.getByRole('button', { name: 'Create Account' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByRole('checkbox').check();
    await create.click();
    await page.waitForURL(/\/register\/coach/);

    await signOut(page);
    await signInWithPassword(page, me.email);
    await page.waitForURL((url) => url.pathname !== '/login');
    await expectSignedIn(page);

    // Enable TOTP on the settings page, computing codes as an authenticator app would.
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    const secret = ((await page.getByLabel('Setup key').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const backupCodes = await page.getByLabel('Backup codes').textContent();
    expect(backupCodes).toMatch(/\w{4}-\w{4}/);
    await page.getByRole('button', { name: /I saved these/ }).click();
    const used = new Set<number>();
    await page.getByLabel('Authentication code').fill(await freshTotp(secret, used));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Two-factor authentication is on').waitFor();

    await signOut(page);
    await signInWithPassword(page, me.username);
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    await code.fill(await freshTotp(secret, used));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await expectSignedIn(page);

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('signs in with a magic link read from the outbox', async () => {
    const me = newPerson('fan');
    const { page, context } = await openPage(browser, '/login');
    const magic = page.getByRole('form', { name: 'Sign in with a magic link' });
    await magic.getByLabel('Email').fill(me.email);
    await magic.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByText(/check your email/i).waitFor();

    const link = await linkFromOutbox(me.email, '/login');
    expect(link.startsWith(`${new URL(page.url()).origin}/login?token=`)).toBe(true);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname !== '/login');
    await expectSignedIn(page);

    // The same link does not work twice.
    await signOut(page);
    await page.goto(link);
    await page.getByText(/invalid or has expired/i).waitFor();
    await context.close();
  });

  it('resets a forgotten password with the emailed link', async () => {
    const me = newPerson('athlete');
    const { page, context } = await openPage(browser, '/register');
    await page.getByRole('radio', { name: /athlete/i }).check();
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Username').fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/register\/athlete/);
    await signOut(page);

    await page.goto('/reset');
    await page.getByLabel('Email').fill(me.email);
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText(/check your email/i).waitFor();

    const link = await linkFromOutbox(me.email, '/reset');
    await page.goto(link);
    await page.getByLabel('New password').fill('my new memorable passphrase');
    await page.getByLabel('Confirm password').fill('my new memorable passphrase');
    await page.getByRole('button', { name: /reset|save|set/i }).click();
    await page.waitForURL((url) => url.pathname !== '/reset');
    await expectSignedIn(page);

    await signOut(page);
    await signInWithPassword(page, me.email, password);
    await page.getByText('Incorrect email or password').waitFor();
    await signInWithPassword(page, me.email, 'my new memorable passphrase');
    await page.waitForURL((url) => url.pathname !== '/login');
    await expectSignedIn(page);
    await context.close();
  });
});
